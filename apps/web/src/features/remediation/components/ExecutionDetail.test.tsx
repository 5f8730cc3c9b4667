import type { TExecution, TRole } from '@netguard/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApproveForm } from '@/features/remediation/components/ApproveForm';
import { ExecutionDetail } from '@/features/remediation/components/ExecutionDetail';
import { acknowledgementMatches } from '@/features/remediation/execution-state';
import { remediationReasons } from '@/features/remediation/remediation-permissions';
import { execution } from '@/features/remediation/remediation-test-data';

const strict = { analystsMayApprove: false };

function render(e: TExecution, role: TRole = 'admin', userId: string | null = null) {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ExecutionDetail execution={e} reasons={remediationReasons(role, strict)} userId={userId} />
    </QueryClientProvider>,
  );
}

const button = (html: string, label: string) => {
  const found = new RegExp(`<button[^>]*>(?:(?!</button>).)*${label}</button>`).exec(html)?.[0];
  if (!found) throw new Error(`no ${label} button`);
  return found;
};

const highRisk = execution({ riskLevel: 'high', needsAcknowledgement: true });

describe('ApproveForm', () => {
  it('asks a high-risk approval for the target typed out, and keeps Approve off until then', () => {
    const html = renderToStaticMarkup(
      <ApproveForm execution={highRisk} reason={null} busy={false} onApprove={() => {}} />,
    );
    expect(html).toContain('Type the target to approve this high-risk change');
    expect(html).toContain('192.0.2.5:22');
    expect(button(html, 'Approve')).toMatch(/disabled=""/);
  });

  it('needs no typing for a low-risk approval', () => {
    const html = renderToStaticMarkup(
      <ApproveForm execution={execution()} reason={null} busy={false} onApprove={() => {}} />,
    );
    expect(html).not.toContain('<input');
    expect(button(html, 'Approve')).not.toMatch(/ disabled=""|aria-disabled/);
  });

  it('accepts only the exact target', () => {
    expect(acknowledgementMatches(highRisk, '192.0.2.5:22')).toBe(true);
    expect(acknowledgementMatches(highRisk, '192.0.2.5')).toBe(false);
    expect(acknowledgementMatches(highRisk, ' 192.0.2.5:22')).toBe(false);
  });
});

describe('ExecutionDetail', () => {
  it('shows a proposal with its diff, script tab, Approve and Cancel', () => {
    const html = render(execution());
    expect(html).toContain('data-status="proposed"');
    expect(html).toContain('data-testid="dry-run-diff"');
    expect(html).toContain('+PermitRootLogin no');
    expect(html).toContain('Shell script');
    expect(button(html, 'Approve')).not.toContain('aria-disabled');
    expect(html).toContain('Cancel Execution');
    expect(html).not.toContain('Roll back');
  });

  it('disables Approve for an analyst when the policy keeps approval to admins, and for an auditor', () => {
    expect(button(render(execution(), 'security_analyst'), 'Approve')).toContain(
      'aria-disabled="true"',
    );
    const auditor = render(execution(), 'auditor');
    expect(button(auditor, 'Approve')).toContain('aria-disabled="true"');
    expect(button(auditor, 'Cancel Execution')).toContain('aria-disabled="true"');
  });

  it('keeps Approve off for the proposer when four eyes cover the action, not for another', () => {
    const covered = execution({ needsSecondApprover: true, requestedBy: 'ana' });
    const own = render(covered, 'admin', 'ana');
    expect(button(own, 'Approve')).toContain('aria-disabled="true"');
    expect(own).toContain('you proposed it, so another administrator or approver must approve');
    expect(button(render(covered, 'admin', 'ben'), 'Approve')).not.toContain('aria-disabled');
    const uncovered = render(execution({ requestedBy: 'ana' }), 'admin', 'ana');
    expect(button(uncovered, 'Approve')).not.toContain('aria-disabled');
  });

  it('shows the verification evidence and Roll back once verified', () => {
    const html = render(
      execution({
        status: 'verified',
        verification: {
          checkId: 'ssh-root-login',
          fixed: true,
          evidence: 'sshd -T: permitrootlogin no',
          at: '2026-11-27T10:05:00.000Z',
        },
      }),
    );
    expect(html).toContain('data-testid="execution-verification"');
    expect(html).toContain('data-fixed="true"');
    expect(html).toContain('sshd -T: permitrootlogin no');
    expect(button(html, 'Roll back')).not.toContain('aria-disabled');
    expect(html).not.toContain('Approve');
  });

  it('offers nothing more once rolled back, and shows the error of a failed one', () => {
    expect(render(execution({ status: 'rolled_back' }))).not.toContain('Roll back</button>');
    const failed = render(execution({ status: 'failed', error: 'sshd -t failed: line 12' }));
    expect(failed).toContain('sshd -t failed: line 12');
    expect(failed).toContain('Roll back');
  });

  it('says a change that failed verification was rolled back automatically, or kept', () => {
    const failedCheck = {
      checkId: 'ssh-root-login',
      fixed: false,
      evidence: 'sshd -T: permitrootlogin yes',
      at: '2026-11-27T10:05:00.000Z',
    };
    const failed = (status: TExecution['status'], action: 'roll_back' | 'keep') =>
      render(execution({ status, verification: failedCheck, failedVerificationAction: action }));
    const auto = failed('rolled_back', 'roll_back');
    expect(auto).toContain('Failed verification: rolled back automatically');
    expect(auto).toContain('sshd -T: permitrootlogin yes');
    const kept = failed('failed_verification', 'keep');
    expect(kept).toContain('kept applied');
    expect(button(kept, 'Roll back')).not.toContain('aria-disabled');
    expect(render(execution({ status: 'rolled_back' }))).not.toContain(
      'failed-verification-outcome',
    );
  });

  it('marks an execution that a batch created', () => {
    expect(render(execution())).not.toContain('data-testid="execution-batch"');
    expect(render(execution({ batchId: 'b-1', status: 'approved' }))).toMatch(
      /data-testid="execution-batch"[^>]*>Batch</,
    );
  });

  it('says the dry run is being computed while a proposal has none yet', () => {
    expect(render(execution({ dryRun: null }))).toContain('Computing the dry run');
  });
});
