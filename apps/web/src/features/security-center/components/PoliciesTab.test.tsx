import { DEFAULT_SECURITY_POLICY, type TSecurityPolicies } from '@netguard/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { securityCenterKeys } from '@/features/security-center/api';
import { PoliciesTab } from './PoliciesTab';

function render(password: TSecurityPolicies['password'], enforced: boolean) {
  const client = new QueryClient();
  const policies: TSecurityPolicies = {
    ...DEFAULT_SECURITY_POLICY,
    password,
    updated_at: null,
    enforced: { password: enforced, session: false, mfa: false, data_access: false },
  };
  client.setQueryData(securityCenterKeys.policies(), policies);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <PoliciesTab />
    </QueryClientProvider>,
  );
}

describe('PoliciesTab', () => {
  it('states the password policy’s character classes: all four by default, the count when fewer', () => {
    const byDefault = render(DEFAULT_SECURITY_POLICY.password, false);
    expect(byDefault).toContain(
      'At least 8 characters with upper and lower case, a digit and a symbol; reuse allowed.',
    );
    expect(byDefault).toContain('Not enforced');
    const fewer = render({ min_length: 14, history: 3, classes: 3 }, true);
    expect(fewer).toContain(
      'At least 14 characters with at least 3 of upper case, lower case, digit and symbol; the last 3 passwords refused.',
    );
    expect(fewer).toContain('Enforced');
  });
});
