// A host plan as an Ansible playbook. Files are written whole with `copy` (backup on); the other
// operations use their modules. Tasks that Ansible's check mode would skip (`command`: ansible
// #84676) are marked, so a `--check` run of this playbook says what it did not simulate.
import type { HostPlan } from '../plan.ts';
import type { Operation } from '../types.ts';

const yamlString = (text: string) => JSON.stringify(text);

function block(text: string, indent: string): string[] {
  return text
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => (l === '' ? '' : `${indent}${l}`));
}

function tasks(op: Operation, suffix: string): string[] {
  const notSimulated = '      # not simulated by ansible --check (command module)';
  switch (op.kind) {
    case 'nft-drop':
      return [
        `    - name: ${yamlString(`Drop new ${op.protocol} connections to port ${op.port}`)}`,
        '      ansible.builtin.command:',
        '        argv: [nft, -f, "-"]',
        `        stdin: ${yamlString(`table inet netguard { chain input { type filter hook input priority 0; policy accept; ${op.protocol} dport ${op.port} ct state new drop; } }`)}`,
        notSimulated,
      ];
    case 'remove-path':
      return [
        `    - name: ${yamlString(`Move ${op.path} aside`)}`,
        `      ansible.builtin.command: mv ${yamlString(op.path)} ${yamlString(`${op.path}.${suffix}`)}`,
        `      args: { removes: ${yamlString(op.path)} }`,
        notSimulated,
      ];
    case 'upgrade-package':
      return [
        `    - name: ${yamlString(`Upgrade ${op.name}`)}`,
        op.manager === 'apt'
          ? `      ansible.builtin.apt: { name: ${yamlString(op.name)}, state: latest, only_upgrade: true, update_cache: true }`
          : `      ansible.builtin.dnf: { name: ${yamlString(op.name)}, state: latest }`,
      ];
    case 'reload-service':
      return [
        ...(op.check
          ? [
              `    - name: ${yamlString(`Check the configuration (${op.check})`)}`,
              `      ansible.builtin.command: ${yamlString(op.check)}`,
              '      changed_when: false',
              notSimulated,
            ]
          : []),
        `    - name: ${yamlString(`${op.restart ? 'Restart' : 'Reload'} ${op.service}`)}`,
        `      ansible.builtin.service: { name: ${yamlString(op.service)}, state: ${op.restart ? 'restarted' : 'reloaded'} }`,
      ];
    default:
      return [];
  }
}

export function renderAnsible(plan: HostPlan, suffix: string): string {
  const out = [
    '---',
    `- name: ${yamlString(`NetGuard remediation ${plan.actionId}`)}`,
    '  hosts: all',
    '  become: true',
    '  tasks:',
  ];
  for (const file of plan.files) {
    if (file.before === file.after) continue;
    out.push(
      `    - name: ${yamlString(`Write ${file.path}`)}`,
      '      ansible.builtin.copy:',
      `        dest: ${yamlString(file.path)}`,
      '        backup: true',
      '        content: |',
      ...block(file.after, '          '),
    );
  }
  for (const op of plan.operations) out.push(...tasks(op, suffix));
  return `${out.join('\n')}\n`;
}
