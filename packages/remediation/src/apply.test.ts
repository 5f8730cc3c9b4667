import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyToText } from './apply.ts';
import { unifiedDiff } from './diff.ts';

const DEBIAN_SSHD = `# This is the sshd server system-wide configuration file.
Include /etc/ssh/sshd_config.d/*.conf

#PermitRootLogin prohibit-password
#PasswordAuthentication yes
#PermitEmptyPasswords no
KbdInteractiveAuthentication no
UsePAM yes
X11Forwarding yes
Subsystem sftp /usr/lib/openssh/sftp-server
`;

describe('applyToText', () => {
  it('puts a missing option after its commented-out default, and replaces an active one', () => {
    const after = applyToText(DEBIAN_SSHD, [
      {
        kind: 'set-option',
        file: 'f',
        key: 'PasswordAuthentication',
        value: 'no',
        syntax: 'space',
      },
      {
        kind: 'set-option',
        file: 'f',
        key: 'KbdInteractiveAuthentication',
        value: 'no',
        syntax: 'space',
      },
    ]);
    expect(after).toContain('#PasswordAuthentication yes\nPasswordAuthentication no\n');
    expect(after.match(/KbdInteractiveAuthentication/g)).toHaveLength(1);
  });

  it('keeps only the first active line of a key (the one sshd and vsftpd take)', () => {
    const after = applyToText('anonymous_enable=YES\nlisten=YES\nanonymous_enable = YES\n', [
      { kind: 'set-option', file: 'f', key: 'anonymous_enable', value: 'NO', syntax: 'equals' },
    ]);
    expect(after).toBe(
      'anonymous_enable=NO\nlisten=YES\n# anonymous_enable = YES (superseded by NetGuard)\n',
    );
  });

  it('is idempotent, and ensure-line adds a line once', () => {
    const ops = [
      { kind: 'ensure-line' as const, file: 'f', line: 'server_tokens off;' },
      {
        kind: 'set-option' as const,
        file: 'f',
        key: '-l',
        value: '127.0.0.1',
        syntax: 'space' as const,
      },
    ];
    const once = applyToText('-m 64\n-l 0.0.0.0\n', ops);
    expect(once).toBe('-m 64\n-l 127.0.0.1\nserver_tokens off;\n');
    expect(applyToText(once, ops)).toBe(once);
    expect(applyToText('', ops)).toBe('server_tokens off;\n-l 127.0.0.1\n');
  });
});

describe('unifiedDiff', () => {
  it('gives the hunks GNU diff -u gives', () => {
    const dir = mkdtempSync(join(tmpdir(), 'netguard-diff-'));
    const after = applyToText(DEBIAN_SSHD, [
      {
        kind: 'set-option',
        file: 'f',
        key: 'PasswordAuthentication',
        value: 'no',
        syntax: 'space',
      },
      { kind: 'set-option', file: 'f', key: 'X11Forwarding', value: 'no', syntax: 'space' },
      { kind: 'ensure-line', file: 'f', line: 'MaxAuthTries 3' },
    ]);
    writeFileSync(join(dir, 'a'), DEBIAN_SSHD);
    writeFileSync(join(dir, 'b'), after);
    let gnu = '';
    try {
      execFileSync('diff', ['-u', join(dir, 'a'), join(dir, 'b')]);
    } catch (error) {
      gnu = String((error as { stdout: Buffer }).stdout);
    }
    const hunks = (text: string) => text.split('\n').filter((l) => !/^(---|\+\+\+) /.test(l));
    expect(hunks(unifiedDiff('sshd_config', DEBIAN_SSHD, after))).toEqual(hunks(gnu));
    expect(readFileSync(join(dir, 'a'), 'utf8')).toBe(DEBIAN_SSHD);
    expect(unifiedDiff('x', 'same\n', 'same\n')).toBe('');
  });
});
