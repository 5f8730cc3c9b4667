import type { TEvidenceRequest, TRole } from '@netguard/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AuthContext, type TAuthContext } from '@/features/auth/auth-context';
import { EvidenceRequests } from '@/features/compliance-evidence/components/EvidenceRequests';

const request = (over: Partial<TEvidenceRequest> = {}): TEvidenceRequest => ({
  id: '5b0c1d2e-3f40-4a51-8b62-7c8d9e0f1a2b',
  frameworkId: 'soc2',
  requirementId: 'CC6.1',
  message: 'The access review of Q3',
  status: 'open',
  requestedBy: 'auditor@example.com',
  createdAt: '2026-11-30T10:00:00.000Z',
  closedAt: null,
  closedBy: null,
  reason: null,
  evidenceId: null,
  runId: null,
  ...over,
});

const closed = request({
  id: '6c1d2e3f-4051-4b62-9c73-8d9e0f1a2b3c',
  status: 'declined',
  closedAt: '2026-12-01T09:00:00.000Z',
  closedBy: 'admin@example.com',
  reason: 'Covered by the May report',
});

function render(role: TRole, requests: TEvidenceRequest[]) {
  const auth = { user: { role } } as unknown as TAuthContext;
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <AuthContext.Provider value={auth}>
        <EvidenceRequests requests={requests} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

describe('EvidenceRequests', () => {
  it('gives an auditor the request form and no close form', () => {
    const html = render('auditor', [request(), closed]);
    expect(html).toContain('Request Evidence');
    expect(html).not.toContain('Close Request');
    expect(html).toContain('1 open · 1 closed');
    expect(html).toContain('Declined by admin@example.com');
    expect(html).toContain('Covered by the May report');
  });

  it('gives an admin a close form on each open request and no request form', () => {
    const html = render('admin', [request(), closed]);
    expect(html.match(/Close Request/g)).toHaveLength(1);
    expect(html).not.toContain('What evidence do you need?');
    expect(html).toContain('SOC 2 CC6.1');
  });

  it('gives an analyst the list alone', () => {
    const html = render('security_analyst', []);
    expect(html).toContain('No evidence requests.');
    expect(html).not.toContain('Request Evidence');
  });
});
