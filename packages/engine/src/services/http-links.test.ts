import { describe, expect, it } from 'vitest';
import { originOf, pageLinks } from './http-links.ts';

const ORIGIN = originOf('127.0.0.1', 8080, false);

describe('pageLinks', () => {
  it('reads double-quoted, single-quoted and bare href and src values, resolved against the page', () => {
    const html = `<a href="a/">a</a><a HREF='b/'>b</a><a href=c/>c</a><iframe src="../d/"></iframe>`;
    expect(pageLinks(html, '/x/y/', ORIGIN)).toEqual(['/x/y/a/', '/x/y/b/', '/x/y/c/', '/x/d/']);
  });

  it('decodes entities and drops queries and fragments', () => {
    const html =
      '<a href="/q?a=1&amp;b=2">q</a><a href="/q#top">again</a><a href="/it&#39;s/">it</a>';
    expect(pageLinks(html, '/', ORIGIN)).toEqual(['/q', "/it's/"]);
  });

  it('keeps the default port equal to none and brackets an IPv6 host', () => {
    expect(
      pageLinks('<a href="http://127.0.0.1/p">p</a>', '/', originOf('127.0.0.1', 80, false)),
    ).toEqual(['/p']);
    expect(originOf('::1', 8443, true)).toBe('https://[::1]:8443');
  });

  it('cannot be led to another host by a page path that starts with two slashes', () => {
    expect(pageLinks('<a href="z">z</a>', '//127.0.0.2/y', ORIGIN)).toEqual(['//127.0.0.2/z']);
  });
});
