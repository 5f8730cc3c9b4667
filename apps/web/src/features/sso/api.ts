import { type TSsoConfigBody, ZSsoConfigResult, ZSsoStartResult } from '@netguard/contracts';
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
