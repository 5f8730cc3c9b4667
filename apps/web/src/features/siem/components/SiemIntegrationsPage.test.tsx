import type { TRole, TSiemIntegrationList } from '@netguard/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AuthContext, type TAuthContext } from '@/features/auth/auth-context';
import { SiemIntegrationsPage } from '@/features/siem/components/SiemIntegrationsPage';
import { siemKeys } from '@/features/siem/siem-keys';
import { siemIntegration } from '@/features/siem/siem-test-data';

const list: TSiemIntegrationList = {
  integrations: [
    siemIntegration({
      status: 'error',
      lastError: 'HEC answered 403: Invalid token',
      stats: {
        backlog: 7,
        delivered: 1234,
        deadLettered: 2,
        p95LatencyMs: null,
        lastDeliveredAt: null,
      },
    }),
  ],
  summary: { total: 1, active: 0, error: 1, deliveredLast24h: 1234, backlog: 7, deadLettered: 2 },
};

function render(role: TRole, data?: TSiemIntegrationList) {
  const client = new QueryClient();
  if (data) client.setQueryData(siemKeys.integrations(), data);
  const auth = { user: { role } } as unknown as TAuthContext;
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <SiemIntegrationsPage />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe('SiemIntegrationsPage', () => {
  it('shows a spinner until the list loads', () => {
    expect(render('admin')).toContain('Loading SIEM integrations');
  });

  it('shows the summary, the card with its error and statistics, and every action to admins', () => {
    const html = render('admin', list);
    for (const text of ['Total Integrations', 'Events Delivered (24h)', 'Dead Letters', '1,234'])
      expect(html).toContain(text);
    expect(html).toContain('HEC answered 403: Invalid token');
    expect(html).toContain('data-status="error"');
    expect(html).toContain('—');
    expect(html).toContain('Test Connection');
    expect(html).not.toContain('aria-disabled');
  });

  it('lets an analyst test but not add, configure or delete', () => {
    const html = render('security_analyst', list);
    expect(html).toMatch(/aria-disabled="true"[^>]*>.*?Add Integration/);
    expect(html).not.toMatch(/aria-disabled="true"[^>]*>(?:(?!<\/button>).)*Test Connection/);
    expect(html).toMatch(/aria-disabled="true"[^>]*>(?:(?!<\/button>).)*Configure/);
  });

  it('tells a viewer why the page is empty', () => {
    expect(render('viewer', list)).toContain(
      'Insufficient permissions for SIEM integrations. Allowed for: Admin, Security Analyst, Auditor.',
    );
  });
});
