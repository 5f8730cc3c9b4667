import type { TRole } from '@netguard/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BatchesSection } from '@/features/remediation/components/BatchesSection';
import { BatchList } from '@/features/remediation/components/BatchList';
import { ExecutionList } from '@/features/remediation/components/ExecutionList';
import { remediationKeys } from '@/features/remediation/remediation-keys';
import { remediationReasons } from '@/features/remediation/remediation-permissions';
import { batch, execution } from '@/features/remediation/remediation-test-data';
import { formatDateTime } from '@/lib/format';

const scheduleButton = (html: string) => {
  const found = /<button[^>]*>(?:(?!<\/button>).)*Schedule Batch<\/button>/.exec(html)?.[0];
  if (!found) throw new Error('no Schedule Batch button');
  return found;
};

function renderSection(role: TRole, analystsMayApprove: boolean, batches = [batch()]) {
  const client = new QueryClient();
  client.setQueryData(remediationKeys.batches(), { batches });
  const reason = remediationReasons(role, { analystsMayApprove }).approve;
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <BatchesSection reason={reason} policy={{ maxHostsPerRun: 5 }} />
    </QueryClientProvider>,
  );
}

describe('BatchList', () => {
  it('shows status, schedule, window end, blast radius and the counts', () => {
    const b = batch();
    const html = renderToStaticMarkup(<BatchList batches={[b]} />);
    expect(html).toMatch(/data-testid="batch-status" data-status="running"[^>]*>Running</);
    expect(html).toContain(formatDateTime(b.scheduleTime));
    expect(html).toContain(formatDateTime(b.windowEndsAt));
    for (const [label, value] of [
      ['Executions', 4],
      ['Verified', 2],
      ['Failed', 1],
      ['Max hosts per run', 3],
    ])
      expect(html).toMatch(new RegExp(`${label}</dt><dd[^>]*>${value}</dd>`));
    expect(html).toContain('Stops');
    expect(html).not.toContain('skipped');
  });

  it('lists the skipped findings with their reasons, and the error', () => {
    const html = renderToStaticMarkup(
      <BatchList
        batches={[
          batch({
            status: 'stopped',
            stopOnFailure: false,
            skipped: [{ vulnerabilityId: 'v-1', reason: 'No automated action fixes this finding' }],
            error: 'Stopped: a verification failed',
          }),
        ]}
      />,
    );
    expect(html).toContain('1 skipped');
    expect(html).toContain('v-1</span>: No automated action fixes this finding');
    expect(html).toMatch(/role="alert"[^>]*>Stopped: a verification failed</);
    expect(html).toContain('Continues');
  });
});

describe('BatchesSection', () => {
  it('lists the batches and lets an admin schedule one', () => {
    const html = renderSection('admin', false);
    expect(html).toContain('data-testid="batch-row"');
    expect(scheduleButton(html)).not.toContain('aria-disabled');
  });

  it('follows the approval policy for analysts, and keeps auditors out', () => {
    expect(scheduleButton(renderSection('security_analyst', false))).toContain(
      'aria-disabled="true"',
    );
    expect(scheduleButton(renderSection('security_analyst', true))).not.toContain('aria-disabled');
    expect(scheduleButton(renderSection('auditor', true))).toContain('aria-disabled="true"');
  });

  it('says when there are no batches', () => {
    expect(renderSection('admin', false, [])).toContain('No batches scheduled.');
  });
});

describe('ExecutionList', () => {
  it('marks the executions of a batch', () => {
    const html = renderToStaticMarkup(
      <ExecutionList
        executions={[execution({ batchId: 'b-1' }), execution({ id: 'e-2' })]}
        onOpen={() => {}}
        label="Executions"
      />,
    );
    expect(html.match(/data-testid="execution-batch"/g)).toHaveLength(1);
  });
});
