// A host plan as a POSIX shell script: every edited file backed up and written whole (what the
// dry run showed, not a sed that could match differently), then the other operations.
import type { HostPlan } from '../plan.ts';
import type { Operation } from '../types.ts';

export const quoteShell = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** A heredoc delimiter that does not occur in `text`. */
function delimiter(text: string): string {
  let tag = 'NETGUARD_EOF';
  while (text.includes(tag)) tag += '_';
  return tag;
}

function command(op: Operation, suffix: string): string[] {
  switch (op.kind) {
    case 'nft-drop':
      return [
        'nft add table inet netguard',
        "nft add chain inet netguard input '{ type filter hook input priority 0; policy accept; }'",
        `nft add rule inet netguard input ${op.protocol} dport ${op.port} ct state new drop`,
      ];
    case 'remove-path':
      // Moved aside, not deleted: the rollback moves it back.
      return [
        `if [ -e ${quoteShell(op.path)} ]; then mv ${quoteShell(op.path)} ${quoteShell(`${op.path}.${suffix}`)}; fi`,
      ];
    case 'upgrade-package':
      return op.manager === 'apt'
        ? [
            `DEBIAN_FRONTEND=noninteractive apt-get install -y --only-upgrade ${quoteShell(op.name)}`,
          ]
        : [`dnf upgrade -y ${quoteShell(op.name)}`];
    case 'reload-service':
      return [
        ...(op.check ? [op.check] : []),
        // The host's service manager, as the apply decides it: systemd, else the init scripts.
        `if [ -d /run/systemd/system ]; then systemctl ${op.restart ? 'restart' : 'reload'} ${quoteShell(op.service)}; else service ${quoteShell(op.service)} ${op.restart ? 'restart' : 'reload'}; fi`,
      ];
    default:
      return [];
  }
}

/** The script; `suffix` names the backups (e.g. netguard-<execution id>). */
export function renderShell(plan: HostPlan, suffix: string): string {
  const out = ['#!/bin/sh', `# NetGuard remediation ${plan.actionId}`, 'set -eu', ''];
  for (const file of plan.files) {
    if (file.before === file.after) {
      out.push(`# ${file.path}: already as wanted`, '');
      continue;
    }
    const tag = delimiter(file.after);
    out.push(
      ...file.diff
        .split('\n')
        .filter(Boolean)
        .map((l) => `# ${l}`),
      `if [ -e ${quoteShell(file.path)} ]; then cp -p ${quoteShell(file.path)} ${quoteShell(`${file.path}.${suffix}`)}; fi`,
      `cat > ${quoteShell(file.path)} <<'${tag}'`,
      file.after.replace(/\n$/, ''),
      tag,
      '',
    );
  }
  for (const op of plan.operations) out.push(...command(op, suffix));
  return `${out.join('\n')}\n`;
}
