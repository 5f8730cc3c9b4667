import {
  type TSsoConfigBody,
  type TSsoConfigResult,
  ZSsoConfigResult,
  ZSsoDomainVerifyResult,
  ZSsoStartResult,
} from '@netguard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const ssoKeys = { config: ['organization', 'sso'] as const };

/** The current organization's SSO configuration (admins). */
export function useSsoConfig(enabled = true) {
  return useQuery({
    queryKey: ssoKeys.config,
    queryFn: ({ signal }) =>
      apiRequest('/api/organization/sso', { schema: ZSsoConfigResult, signal }),
    enabled,
  });
}

export function useSaveSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSsoConfigBody) =>
      apiRequest('/api/organization/sso', { method: 'PUT', body, schema: ZSsoConfigResult }),
    onSuccess: (data) => queryClient.setQueryData(ssoKeys.config, data),
  });
}

/** "Verify": a DNS lookup of the domain's TXT record now; the card shows the claim it returns. */
export function useVerifySsoDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) =>
      apiRequest(`/api/organization/sso/domains/${encodeURIComponent(domain)}/verify`, {
        method: 'POST',
        schema: ZSsoDomainVerifyResult,
      }),
    onSuccess: ({ domain }) =>
      queryClient.setQueryData<TSsoConfigResult>(ssoKeys.config, (current) =>
        current?.sso
          ? {
              ...current,
              sso: {
                ...current.sso,
                domain_claims: current.sso.domain_claims.map((claim) =>
                  claim.domain === domain.domain ? domain : claim,
                ),
              },
            }
          : current,
      ),
  });
}

export function useRemoveSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/organization/sso', { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ssoKeys.config }),
  });
}

/** "Sign in with SSO": the identity provider URL for the e-mail's domain (sets the browser cookie). */
export function startSso(email: string) {
  return apiRequest('/api/sso/start', {
    method: 'POST',
    body: { email },
    schema: ZSsoStartResult,
    auth: false,
  });
}
