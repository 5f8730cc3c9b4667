import { INCIDENT_LIST_DEFAULT, type TIncident, type TRole } from '@netguard/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AuthContext, type TAuthContext } from '@/features/auth/auth-context';
import { incidentKeys } from '@/features/incidents/api';
import { IncidentsTab } from './IncidentsTab';

const incident = (n: number, over: Partial<TIncident> = {}): TIncident => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  title: `Incident ${n}`,
  severity: 'high',
  status: 'open',
  rule: 'failed_auth',
  subject: 'x',
  assignee: null,
  merged_into: null,
  event_count: 6,
  created_at: '2026-11-25T12:00:00.000Z',
  updated_at: '2026-11-25T12:00:00.000Z',
  ...over,
});

function render(role: TRole, incidents: TIncident[] | undefined) {
  const client = new QueryClient();
  if (incidents) client.setQueryData(incidentKeys.list(INCIDENT_LIST_DEFAULT), incidents);
  const auth = { user: { role } } as unknown as TAuthContext;
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <IncidentsTab />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe('IncidentsTab', () => {
  it('says "No active security incidents" when there are none', () => {
    expect(render('admin', [])).toContain('No active security incidents');
  });

  it('lists incidents with title, status and severity; merge checkboxes only for roles that may update', () => {
    const list = [incident(1), incident(2, { status: 'investigating', severity: 'critical' })];
    const html = render('admin', list);
    expect(html).toContain('Incident 1');
    expect(html).toContain('investigating');
    expect(html).toContain('critical');
    expect(html).toContain('type="checkbox"');
    const auditor = render('auditor', list);
    expect(auditor).toContain('Incident 2');
    expect(auditor).not.toContain('type="checkbox"');
    expect(auditor).toContain('Insufficient permissions for security incidents');
  });

  it('tells a viewer why the incidents are hidden', () => {
    expect(render('viewer', [incident(1)])).toContain(
      'Insufficient permissions for security incidents. Allowed for: Admin, Security Analyst, Auditor.',
    );
  });

  it('shows a spinner while loading', () => {
    expect(render('admin', undefined)).toContain('Loading incidents');
  });
});
