import type { TRole } from '@netguard/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthContext, type TAuthContext } from '@/features/auth/auth-context';
import { RemediateButton } from '@/features/remediation/components/RemediateButton';

const ID = '00000000-0000-4000-8000-0000000000a1';

const render = (role: TRole) =>
  renderToStaticMarkup(
    <AuthContext.Provider value={{ user: { role } } as unknown as TAuthContext}>
      <MemoryRouter>
        <RemediateButton vulnerabilityId={ID} />
      </MemoryRouter>
    </AuthContext.Provider>,
  );

describe('RemediateButton', () => {
  it('links an analyst to the execute flow for the finding', () => {
    expect(render('security_analyst')).toContain(
      `href="/dashboard/automated-remediation?vulnerabilityId=${ID}"`,
    );
  });

  it('is off for an auditor', () => {
    const html = render('auditor');
    expect(html).toContain('aria-disabled="true"');
    expect(html).not.toContain('href=');
  });
});
