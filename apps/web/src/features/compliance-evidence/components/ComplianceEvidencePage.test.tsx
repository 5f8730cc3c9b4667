import type { TRole } from '@netguard/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AuthContext, type TAuthContext } from '@/features/auth/auth-context';
import { ComplianceEvidencePage } from '@/features/compliance-evidence/components/ComplianceEvidencePage';
import { EvidenceItemsTable } from '@/features/compliance-evidence/components/EvidenceItemsTable';
import { RequirementList } from '@/features/compliance-evidence/components/RequirementList';
import { ScheduleView } from '@/features/compliance-evidence/components/ScheduleView';
import { evidenceKeys } from '@/features/compliance-evidence/evidence-keys';
import {
  dashboard,
  evidenceItem,
  evidenceRun,
  framework,
} from '@/features/compliance-evidence/evidence-test-data';

function render(role: TRole, node: ReactNode, seed = true) {
  const client = new QueryClient();
  if (seed) {
    const data = dashboard();
    client.setQueryData(evidenceKeys.dashboard(), data);
    client.setQueryData(evidenceKeys.publicKey(), data.key);
    client.setQueryData(evidenceKeys.runs(), {
      runs: [
        evidenceRun({ status: 'running', itemCount: 0, digestNumber: null, finishedAt: null }),
      ],
    });
    client.setQueryData(evidenceKeys.frameworks(), {
      frameworks: [framework()],
      collectorCount: 36,
    });
    client.setQueryData(evidenceKeys.readiness('soc2'), {
      frameworkId: 'soc2',
      requirementCount: 61,
      automatedValid: 5,
      readiness: 8.2,
      statusCounts: framework().statusCounts,
      gaps: [],
      expiringIn30Days: [],
    });
  }
  const auth = { user: { role } } as unknown as TAuthContext;
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>{node}</AuthContext.Provider>
    </QueryClientProvider>,
  );
}

const disabled = (label: string) =>
  new RegExp(`aria-disabled="true"[^>]*>(?:(?!</button>).)*${label}`);

const upload = evidenceItem({
  id: '1f1c2f3e-7d7a-4b53-9d0e-3c5b1f2a9e12',
  type: 'policy_document',
  title: 'Access policy',
  status: 'pending_review',
  source: { kind: 'upload', id: null, version: null },
  file: { name: 'policy.pdf', mediaType: 'application/pdf', size: 2048 },
});

describe('ComplianceEvidencePage', () => {
  it('shows a spinner until the dashboard loads', () => {
    expect(render('admin', <ComplianceEvidencePage />, false)).toContain(
      'Loading compliance evidence',
    );
  });

  it('shows the server figures, the key, the live run and the framework to an admin', () => {
    const html = render('admin', <ComplianceEvidencePage />).replaceAll('<!-- -->', '');
    for (const text of [
      'Export Evidence Package',
      'Compliance Score',
      '60%',
      'Pending Review',
      '3 signed digests',
      'SHA256:abc',
      'SOC 2: collecting…',
      'Collecting…',
      'Generate Report',
      'Requirements (1)',
      'Audit readiness 8.2%',
      '5 of 61 requirements with valid automated evidence',
      '0 items expiring in 30 days',
      'Frameworks',
      'Evidence Items',
      'Compliance Reports',
      'Collection Schedule',
    ])
      expect(html).toContain(text);
    expect(html).toContain('data-framework="soc2"');
    expect(html).toContain('aria-label="Auditor access"');
    expect(html).not.toContain('aria-disabled');
  });

  it('lets an analyst collect but not export, report or upload', () => {
    const html = render('security_analyst', <ComplianceEvidencePage />);
    expect(html).toMatch(disabled('Export Evidence Package'));
    expect(html).toMatch(disabled('Upload Evidence'));
    expect(html).toMatch(disabled('Generate Report'));
    expect(html).not.toContain('Auditor access');
  });

  it('lets an auditor export and report but not collect or upload', () => {
    const html = render('auditor', <ComplianceEvidencePage />);
    expect(html).not.toMatch(disabled('Export Evidence Package'));
    expect(html).toMatch(disabled('Upload Evidence'));
    expect(html).not.toMatch(disabled('Generate Report'));
    expect(html).toMatch(disabled('Collecting…'));
    expect(html).not.toContain('Auditor access');
  });

  it('tells a viewer why the page is empty', () => {
    expect(render('viewer', <ComplianceEvidencePage />)).toContain(
      'Insufficient permissions for compliance evidence. Allowed for: Admin, Security Analyst, Auditor.',
    );
  });
});

describe('EvidenceItemsTable', () => {
  it('shows the spec columns with observed apart from collected, and review for auditors', () => {
    const html = render(
      'auditor',
      <EvidenceItemsTable items={[evidenceItem(), upload]} total={2} />,
    );
    for (const text of ['Type', 'Title', 'Framework', 'Status', 'Collected', 'Actions'])
      expect(html).toContain(`>${text}</th>`);
    expect(html).toContain('SOC 2, ISO 27001');
    expect(html).toContain('data-status="pending_review"');
    expect(html).toContain('Observed ');
    expect(html).toContain('Mark Reviewed');
    expect(html).not.toMatch(disabled('Mark Reviewed'));
    expect(html).not.toMatch(disabled('Download'));
  });

  it('lets an analyst validate but not download or review', () => {
    const html = render('security_analyst', <EvidenceItemsTable items={[upload]} total={1} />);
    expect(html).toMatch(disabled('Download'));
    expect(html).toMatch(disabled('Mark Reviewed'));
    expect(html).not.toMatch(disabled('Validate'));
  });
});

describe('ScheduleView', () => {
  const schedules = [
    {
      scopeKind: 'framework' as const,
      scopeId: 'soc2',
      label: 'SOC 2',
      frequency: 'weekly' as const,
      enabled: true,
      nextRunAt: '2026-12-07T00:00:00.000Z',
      lastRunAt: null,
    },
  ];

  it('lets admins edit and add schedules', () => {
    const html = render('admin', <ScheduleView schedules={schedules} />);
    expect(html).toContain('id="schedule-framework-soc2-frequency"');
    expect(html).toContain('Add Schedule');
    expect(html).not.toContain('disabled=""');
  });

  it('shows others the schedules read-only', () => {
    const html = render('auditor', <ScheduleView schedules={schedules} />);
    expect(html).not.toContain('Add Schedule');
    expect(html).not.toContain('role="combobox"');
    expect(html).toContain('Weekly');
    expect(html).toContain('Only administrators can configure evidence collection');
  });
});

describe('RequirementList', () => {
  const requirements = framework().requirements ?? [];

  it('shows status, reason, coverage and what is missing, and collects one requirement', () => {
    const html = render(
      'security_analyst',
      <RequirementList frameworkId="soc2" requirements={requirements} />,
    );
    for (const text of [
      'CC6.1',
      'Partially compliant',
      'MFA covers 2 of 3 members',
      'Automated by NetGuard',
      'mfa_coverage',
    ])
      expect(html).toContain(text);
    expect(html).toContain('aria-label="Collect evidence for CC6.1"');
    expect(html).not.toMatch(disabled('Collect'));
  });

  it('does not let an auditor start collection', () => {
    const html = render(
      'auditor',
      <RequirementList frameworkId="soc2" requirements={requirements} />,
    );
    expect(html).toMatch(disabled('Collect'));
  });
});
