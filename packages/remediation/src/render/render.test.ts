import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planHostAction } from '../plan.ts';
import type { RemediationAction } from '../types.ts';
import { renderAnsible } from './ansible.ts';
import { renderShell } from './shell.ts';

const read = async (path: string) => (existsSync(path) ? readFile(path, 'utf8') : '');

/** An action like vsftpd's and the web one, on files of a temp dir (nothing outside it). */
function localAction(dir: string): RemediationAction {
  return {
    id: 'test-local',
    name: 'test',
    description: 'test',
    type: 'configuration',
    automationLevel: 'fully_automated',
    riskLevel: 'low',
    estimatedMinutes: 1,
    fixes: [],
    prerequisites: [],
    steps: [],
    rollbackPlan: [],
    validationChecks: [],
    operations: (params) => [
      {
        kind: 'set-option',
        file: join(dir, 'vsftpd.conf'),
        key: 'anonymous_enable',
        value: 'NO',
        syntax: 'equals',
      },
      {
        kind: 'ensure-line',
        file: join(dir, "it's new.conf"),
        line: "add_header X-Frame-Options 'DENY' always;",
      },
      { kind: 'remove-path', path: `${params.webRoot}/.git` },
    ],
  };
}

describe('a host plan rendered as a shell script', () => {
  it('writes exactly the dry run’s files, keeps backups, and moves exposed paths aside', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'netguard-remediate-'));
    writeFileSync(join(dir, 'vsftpd.conf'), 'listen=YES\nanonymous_enable=YES\n');
    mkdirSync(join(dir, 'www/.git'), { recursive: true });
    const plan = await planHostAction(localAction(dir), { webRoot: join(dir, 'www') }, read);
    expect(plan.changes).toBe(true);
    expect(plan.files[0]?.diff).toContain('-anonymous_enable=YES\n+anonymous_enable=NO');
    const script = renderShell(plan, 'netguard-test');
    writeFileSync(join(dir, 'fix.sh'), script);
    execFileSync('sh', [join(dir, 'fix.sh')]);
    for (const file of plan.files) expect(readFileSync(file.path, 'utf8')).toBe(file.after);
    expect(readFileSync(join(dir, 'vsftpd.conf.netguard-test'), 'utf8')).toBe(
      'listen=YES\nanonymous_enable=YES\n',
    );
    expect(existsSync(join(dir, 'www/.git'))).toBe(false);
    expect(existsSync(join(dir, 'www/.git.netguard-test'))).toBe(true);
    // Run again on the new state: nothing left to change in the files.
    const again = await planHostAction(localAction(dir), { webRoot: join(dir, 'www') }, read);
    expect(again.files.every((f) => f.diff === '')).toBe(true);
  });
});

describe('a host plan rendered as an Ansible playbook', () => {
  it('writes the files with copy (backup on) and marks what --check would not simulate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'netguard-remediate-'));
    writeFileSync(join(dir, 'vsftpd.conf'), 'anonymous_enable=YES\n');
    const plan = await planHostAction(localAction(dir), { webRoot: '/srv/www' }, read);
    const playbook = renderAnsible(plan, 'netguard-test');
    expect(playbook).toContain(
      `        dest: ${JSON.stringify(join(dir, 'vsftpd.conf'))}\n        backup: true\n        content: |\n          anonymous_enable=NO\n`,
    );
    expect(playbook).toContain(
      'ansible.builtin.command: mv "/srv/www/.git" "/srv/www/.git.netguard-test"',
    );
    expect(playbook).toContain('# not simulated by ansible --check (command module)');
    expect(
      playbook.startsWith(
        '---\n- name: "NetGuard remediation test-local"\n  hosts: all\n  become: true\n',
      ),
    ).toBe(true);
  });
});
