import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HostKeyStatus } from '@/features/remediation/components/HostKeyStatus';

const KEY = `SHA256:${'k'.repeat(43)}`;
const host = {
  name: 'web-1',
  hostKeySha256: null,
  seenHostKeySha256: null,
  hostKeyConfirmed: false,
};
const render = (h: typeof host | Record<string, unknown>, reason: string | null = null) =>
  renderToStaticMarkup(
    <HostKeyStatus host={{ ...host, ...h }} reason={reason} busy={false} onConfirm={() => {}} />,
  );
const confirmButton = (html: string) =>
  /<button[^>]*aria-label="Confirm the host key of web-1"[^>]*>/.exec(html)?.[0] ?? null;

describe('HostKeyStatus', () => {
  it('shows the presented fingerprint and asks for an explicit confirmation', () => {
    const html = render({ seenHostKeySha256: KEY });
    expect(html).toContain(KEY);
    expect(html).toContain('ssh-keygen -lf');
    expect(confirmButton(html)).not.toBeNull();
    expect(confirmButton(html)).not.toContain('aria-disabled');
  });

  it('says a host never tested has no key to confirm yet, and offers no confirmation', () => {
    const html = render({});
    expect(html).toContain('Host key not confirmed');
    expect(confirmButton(html)).toBeNull();
  });

  it('shows the pinned key once confirmed, with nothing more to confirm', () => {
    const html = render({ hostKeySha256: KEY, hostKeyConfirmed: true });
    expect(html).toContain(`Host key pinned: ${KEY}`);
    expect(confirmButton(html)).toBeNull();
  });

  it('keeps confirming to the roles that manage hosts', () => {
    expect(confirmButton(render({ seenHostKeySha256: KEY }, 'Admins only'))).toContain(
      'aria-disabled',
    );
  });
});
