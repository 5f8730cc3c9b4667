// netguard-remediate's text output: the catalogue, a dry run, a step log, a verification.
import type { DryRun, StepLog } from './execution.ts';
import type { HostVerification } from './host/verify.ts';
import type { RemediationAction } from './types.ts';

export function actionLines(actions: readonly RemediationAction[]): string {
  return actions
    .map(
      (a) =>
        `${a.id}  ${a.type}, ${a.automationLevel.replace('_', ' ')}, ${a.riskLevel} risk, ~${a.estimatedMinutes} min\n` +
        `  ${a.name}: ${a.description}\n  fixes: ${a.fixes.join(', ')}\n`,
    )
    .join('');
}

const indent = (text: string) => text.replace(/^/gm, '    ');

/** Each step with ✓ or ✗ and what it answered, indented. */
export function stepLines(log: readonly StepLog[]): string {
  return log
    .map((s) => `${s.ok ? '✓' : '✗'} ${s.step}\n${s.output ? `${indent(s.output)}\n` : ''}`)
    .join('');
}

/** The diffs, then the shell script or the playbook. */
export function dryRunText(dry: DryRun, playbook: boolean): string {
  const diffs = dry.diffs.filter((d) => d.diff);
  const head = dry.changes
    ? diffs.map((d) => (d.diff.endsWith('\n') ? d.diff : `${d.diff}\n`)).join('')
    : '# no change: the host is already as the action leaves it\n';
  const body = playbook ? dry.playbook : dry.script;
  return `${head}\n# ${playbook ? 'Ansible playbook' : 'shell script'}\n${body ?? ''}${body?.endsWith('\n') ? '' : '\n'}`;
}

export function verificationText(v: HostVerification, where: string): string {
  // A closed port raises no finding: right for an action that closes it, else the service is down.
  const port =
    v.portState === 'open'
      ? `port open${v.service ? `, ${v.service}` : ''}`
      : `port ${v.portState}: nothing answered, so no finding`;
  return `${v.checkId} on ${where}: ${v.fixed ? 'fixed' : 'NOT fixed'} (${port})\n${indent(v.evidence)}\n`;
}
