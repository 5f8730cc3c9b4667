import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UnifiedDiff } from '@/features/remediation/components/UnifiedDiff';
import { diffLines } from '@/features/remediation/diff-lines';

const DIFF = [
  '--- a/etc/ssh/sshd_config',
  '+++ b/etc/ssh/sshd_config',
  '@@ -12,3 +12,3 @@',
  ' Port 22',
  '-PermitRootLogin yes',
  '+PermitRootLogin no',
  '',
].join('\n');

describe('diffLines', () => {
  it('tells headers, hunks, added, removed and context lines apart', () => {
    expect(diffLines(DIFF).map((line) => line.kind)).toEqual([
      'header',
      'header',
      'hunk',
      'context',
      'remove',
      'add',
    ]);
  });
});

describe('UnifiedDiff', () => {
  it('colours added lines green and removed lines red, in a box that scrolls sideways', () => {
    const html = renderToStaticMarkup(<UnifiedDiff target="192.0.2.5:22" diff={DIFF} />);
    expect(html).toMatch(/class="[^"]*bg-green-50[^"]*" data-kind="add">\+PermitRootLogin no/);
    expect(html).toMatch(/class="[^"]*bg-red-50[^"]*" data-kind="remove">-PermitRootLogin yes/);
    expect(html).toMatch(/data-kind="context"> Port 22/);
    expect(html).toContain('overflow-x-auto');
    expect(html).toContain('font-mono');
  });
});
