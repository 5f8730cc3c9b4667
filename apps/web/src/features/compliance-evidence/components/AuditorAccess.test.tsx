import { GRANT_TEXT, type TAuditorGrant, type TMember } from '@netguard/contracts';
import { MutationObserver, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type TAuthContext } from '@/features/auth/auth-context';
import { evidenceKeys } from '@/features/compliance-evidence/evidence-keys';
import { toGrantBody } from '@/features/compliance-evidence/grant-form';
import { organizationKeys } from '@/features/organization/api';

const success = vi.fn();
const error = vi.fn();
vi.mock('sonner', () => ({
  toast: {
    success: (...args: unknown[]) => success(...args),
    error: (...args: unknown[]) => error(...args),
  },
}));
const { AuditorAccess } = await import('./AuditorAccess');
const { auditorGrantsQuery, createGrantMutation, revokeGrantMutation } = await import(
  '@/features/compliance-evidence/grants-api'
);

const grant = (over: Partial<TAuditorGrant> = {}): TAuditorGrant => ({
  id: '7d2e3f40-5162-4c73-8d84-9e0f1a2b3c4d',
  email: 'outside@audit.example',
  frameworkId: 'soc2',
  periodStart: '2026-07-01T00:00:00.000Z',
  periodEnd: '2026-09-30T23:59:59.000Z',
  expiresAt: '2027-01-31T23:59:59.000Z',
  active: true,
  ...over,
});
const expired = grant({
  id: '8e3f4051-6273-4d84-9e95-af1a2b3c4d5e',
  frameworkId: 'iso27001',
  expiresAt: '2026-11-30T23:59:59.000Z',
  active: false,
});
const member = (email: string, role: TMember['role']): TMember => ({
  user_id: '9f405162-7384-4e95-afa6-b02b3c4d5e6f',
  email,
  username: null,
  role,
  last_sign_in_at: null,
  mfa_enabled: false,
  joined_at: '2026-11-01T00:00:00.000Z',
});

const form = {
  email: 'outside@audit.example',
  frameworkId: 'soc2' as const,
  periodStart: '2026-07-01',
  periodEnd: '2026-09-30',
  expiresOn: '2027-01-31',
};

type Answer = { status: number; body?: unknown };
/** The fetch layer: each call recorded, answered by `answer` for its method and path. */
function stubFetch(answer: (method: string, path: string) => Answer) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const { status, body } = answer(method, path);
      return new Response(body === undefined ? null : JSON.stringify(body), { status });
    }),
  );
  return calls;
}

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function render(queryClient: QueryClient, members: TMember[]) {
  queryClient.setQueryData(organizationKeys.members, { members, invitations: [] });
  const auth = { user: { role: 'admin' } } as unknown as TAuthContext;
  return renderToStaticMarkup(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <AuthContext.Provider value={auth}>
          <AuditorAccess />
        </AuthContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  ).replaceAll('<!-- -->', '');
}

describe('AuditorAccess', () => {
  beforeEach(() => {
    success.mockReset();
    error.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the grants the API gives, with the form over the members with the auditor role', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { grants: [grant(), expired] } }));
    const queryClient = client();
    await queryClient.prefetchQuery(auditorGrantsQuery());
    expect(calls).toEqual([
      { method: 'GET', path: '/api/compliance/auditor-grants', body: undefined },
    ]);
    const html = render(queryClient, [
      member('owner@example.com', 'admin'),
      member('outside@audit.example', 'auditor'),
    ]);
    expect(html).toContain('1 active · 1 expired');
    expect(html.match(/data-testid="auditor-grant"/g)).toHaveLength(2);
    expect(html).toContain('data-state="active"');
    expect(html).toContain('data-state="expired"');
    expect(html).toMatch(/SOC 2 · audit period Jul 1, 2026 – Sep 30, 2026 \(UTC\) · expires /);
    expect(html).toMatch(/ISO 27001 · audit period .* · expired /);
    expect(html.match(/>Revoke</g)).toHaveLength(2);
    expect(html).toContain('Grant Access');
    // The auditor picked is the one member with the auditor role, not the admin.
    expect(html).toMatch(/id="grant-auditor"[\s\S]*outside@audit\.example/);
    expect(html).not.toContain('owner@example.com');
  });

  it('says how to get an auditor when no member has the role', () => {
    const queryClient = client();
    queryClient.setQueryData(evidenceKeys.grants(), { grants: [] });
    const html = render(queryClient, [member('owner@example.com', 'admin')]);
    expect(html).toContain('No member has the auditor role');
    expect(html).toContain('href="/dashboard/settings"');
    expect(html).toContain('No auditor grants.');
    expect(html).not.toContain('Grant Access');
  });

  it('creates a grant as the form asks, toasts it and reads the list again', async () => {
    const created = grant();
    const calls = stubFetch(() => ({ status: 201, body: created }));
    const queryClient = client();
    queryClient.setQueryData(evidenceKeys.grants(), { grants: [] });
    await new MutationObserver(queryClient, createGrantMutation(queryClient)).mutate(
      toGrantBody(form),
    );
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/compliance/auditor-grants',
        body: {
          email: 'outside@audit.example',
          frameworkId: 'soc2',
          periodStart: '2026-07-01T00:00:00Z',
          periodEnd: '2026-09-30T23:59:59Z',
          expiresAt: '2027-01-31T23:59:59Z',
        },
      },
    ]);
    expect(success).toHaveBeenCalledWith('Auditor access granted', {
      description: expect.stringMatching(/^outside@audit\.example: SOC 2 until /),
    });
    expect(queryClient.getQueryState(evidenceKeys.grants())?.isInvalidated).toBe(true);
  });

  it("shows the server's validation message as it comes, in the error toast", async () => {
    const message = GRANT_TEXT.notAuditor('analyst@example.com');
    stubFetch(() => ({
      status: 400,
      body: { error: { code: 'validation_error', message }, request_id: 'req-1' },
    }));
    const queryClient = client();
    const observer = new MutationObserver(queryClient, createGrantMutation(queryClient));
    await expect(
      observer.mutate(toGrantBody({ ...form, email: 'analyst@example.com' })),
    ).rejects.toThrow(message);
    expect(error).toHaveBeenCalledWith('Error', {
      description: `Failed to grant auditor access: ${message}`,
    });
    expect(success).not.toHaveBeenCalled();
  });

  it('revokes a grant by its id and toasts whose access ended', async () => {
    const calls = stubFetch(() => ({ status: 204 }));
    const queryClient = client();
    queryClient.setQueryData(evidenceKeys.grants(), { grants: [grant()] });
    await new MutationObserver(queryClient, revokeGrantMutation(queryClient)).mutate(grant());
    expect(calls).toEqual([
      { method: 'DELETE', path: `/api/compliance/auditor-grants/${grant().id}`, body: undefined },
    ]);
    expect(success).toHaveBeenCalledWith('Auditor access revoked', {
      description: 'outside@audit.example',
    });
    expect(queryClient.getQueryState(evidenceKeys.grants())?.isInvalidated).toBe(true);
  });
});
