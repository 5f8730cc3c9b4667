import { REMEDIATION_TEXT, type TRemediationWorkflow } from '@netguard/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ActiveExecutions } from '@/features/remediation/components/ActiveExecutions';
import { HostsSection } from '@/features/remediation/components/HostsSection';
import { WorkflowList } from '@/features/remediation/components/WorkflowList';
import { remediationKeys } from '@/features/remediation/remediation-keys';

const workflow: TRemediationWorkflow = {
  id: 'w1',
  name: 'Critical + KEV',
  enabled: true,
  trigger: { severities: ['critical'], kevOnly: true },
  proposeWithinHours: 1,
  requireApproval: true,
  proposedCount: 3,
  lastRunAt: null,
  createdAt: '2026-11-27T10:00:00.000Z',
};

function render(node: ReactNode) {
  const client = new QueryClient();
  client.setQueryData(remediationKeys.hosts(), {
    hosts: [
      {
        id: 'h1',
        name: 'web-1',
        address: '192.0.2.5',
        port: 22,
        username: 'netguard',
        authType: 'key',
        privilege: 'sudo',
        hostKeySha256: null,
        lastConnectedAt: null,
        lastError: 'Host key mismatch',
        createdAt: '2026-11-27T10:00:00.000Z',
      },
    ],
  });
  return renderToStaticMarkup(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

const button = (html: string, label: string) => {
  const found = new RegExp(`<button[^>]*aria-label="${label}"[^>]*>`).exec(html)?.[0];
  if (!found) throw new Error(`no ${label} button`);
  return found;
};

describe('Configure Workflows for a role that is not admin', () => {
  const reason = REMEDIATION_TEXT.adminsOnly;

  it('shows the workflows with the switch and Delete off', () => {
    const html = render(<WorkflowList workflows={[workflow]} reason={reason} />);
    expect(html).toContain('Critical + KEV');
    expect(html).toContain('Proposed 3');
    expect(button(html, 'Enable Critical \\+ KEV')).toMatch(/disabled=""/);
    expect(button(html, 'Delete Critical \\+ KEV')).toContain('aria-disabled="true"');
  });

  it('shows the hosts with Add Host, Test and Delete off', () => {
    const html = render(<HostsSection reason={reason} />);
    expect(html).toContain('netguard@192.0.2.5:22');
    expect(html).toContain('Host key mismatch');
    expect(button(html, 'Test web-1')).toContain('aria-disabled="true"');
    expect(button(html, 'Delete web-1')).toContain('aria-disabled="true"');
    expect(html).toMatch(/aria-disabled="true"[^>]*>(?:(?!<\/button>).)*Add Host/);
  });

  it('leaves them on for an admin', () => {
    const html = render(<HostsSection reason={null} />);
    expect(html).not.toContain('aria-disabled');
  });
});

describe('ActiveExecutions', () => {
  it('says so when nothing is active', () => {
    expect(render(<ActiveExecutions executions={[]} onOpen={() => {}} />)).toContain(
      'No active executions',
    );
  });
});
