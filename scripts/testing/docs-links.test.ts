import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs')).flatMap((f) => (f.endsWith('.md') ? [`docs/${f}`] : [])),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');

function headings(file: string): Set<string> {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  let code = false;
  const found = new Set<string>();
  for (const line of lines) {
    if (line.startsWith('```')) code = !code;
    else if (!code && /^#+ /.test(line)) found.add(slug(line.replace(/^#+ /, '')));
  }
  return found;
}

describe('the README and the guides in docs/', () => {
  it('keep the README a quick start that links each guide', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme.length).toBeLessThan(8_000);
    for (const file of DOCS.filter((f) => f.startsWith('docs/')))
      expect(readme, file).toContain(`](${file})`);
  });

  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const file of DOCS) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!target || /^[a-z]+:/.test(target)) continue;
        const [path, anchor] = target.split('#');
        const resolved = path ? normalize(join(dirname(file), path)) : file;
        if (!existsSync(join(ROOT, resolved))) broken.push(`${file}: ${target}`);
        else if (anchor && resolved.endsWith('.md') && !headings(resolved).has(anchor))
          broken.push(`${file}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});
