import type { TRole } from '@netguard/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthContext, type TAuthContext } from '@/features/auth/auth-context';
import { AutomatedRemediationPage } from '@/features/remediation/components/AutomatedRemediationPage';
import { remediationKeys } from '@/features/remediation/remediation-keys';
import { overview, remediationAction } from '@/features/remediation/remediation-test-data';

const actions = [
  remediationAction(),
  remediationAction({
    id: 'kernel-upgrade',
    name: 'Upgrade the kernel',
    automationLevel: 'manual_guided',
    riskLevel: 'high',
  }),
];

function render(role: TRole, loaded = true, data = overview()) {
  const client = new QueryClient();
  if (loaded) {
    client.setQueryData(remediationKeys.overview(), data);
    client.setQueryData(remediationKeys.actions(), { actions });
  }
  const auth = { user: { role } } as unknown as TAuthContext;
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter>
          <AutomatedRemediationPage />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

/** The markup of the action card named `name`. */
const card = (html: string, name: string) =>
  new RegExp(`aria-label="${name}"[\\s\\S]*?View Details`).exec(html)?.[0] ?? '';
function executeButton(markup: string) {
  const button = /<button[^>]*>(?:(?!<\/button>).)*Execute<\/button>/.exec(markup)?.[0];
  if (!button) throw new Error('no Execute button');
  return button;
}

describe('AutomatedRemediationPage', () => {
  it('shows a spinner until the overview loads', () => {
    expect(render('admin', false)).toContain('Loading remediation data');
  });

  it('shows the title, Configure Workflows, the tabs and the summary the API gave', () => {
    const html = render('admin');
    for (const text of [
      'Automated Remediation',
      'Configure Workflows',
      'Available Actions',
      'Active Executions',
      'Workflows',
      'History',
    ])
      expect(html).toContain(text);
    expect(html).toMatch(/remediation-summary-active"[\s\S]*?>2</);
    expect(html).toMatch(/remediation-summary-successRate"[\s\S]*?>87.5%</);
    expect(html).toMatch(/remediation-summary-timeSaved"[\s\S]*?>3h 20m</);
    expect(html).toMatch(/remediation-summary-autoFixed"[\s\S]*?>6</);
  });

  it('shows a dash, not a number, for the success rate before anything finished', () => {
    const html = render(
      'admin',
      true,
      overview({ summary: { ...overview().summary, successRate: null } }),
    );
    expect(html).toMatch(/remediation-summary-successRate"[\s\S]*?>—</);
  });

  it('lists the catalogue with Execute off for a manual action only', () => {
    const html = render('admin');
    expect(executeButton(card(html, 'Disable SSH root login'))).not.toContain('aria-disabled');
    expect(executeButton(card(html, 'Upgrade the kernel'))).toContain('aria-disabled="true"');
    expect(html).toContain('High risk');
    expect(html).toContain('Manual (guided)');
    expect(html.match(/View Details/g)).toHaveLength(2);
  });

  it('turns Execute off for an auditor, with the reason', () => {
    const html = render('auditor');
    expect(executeButton(card(html, 'Disable SSH root login'))).toContain('aria-disabled="true"');
  });

  it('tells a viewer why the page is empty', () => {
    const html = render('viewer');
    expect(html).toContain(
      'Insufficient permissions for remediation. Allowed for: Admin, Security Analyst, Auditor.',
    );
    expect(html).not.toContain('Configure Workflows');
  });
});
