import { type TMfaActionBody, ZMfaActionResult, ZMfaSettings } from '@netguard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const mfaKeys = { settings: ['mfa'] as const };

/** The caller's MFA settings (read only when the card is shown: subscribers only). */
export function useMfaSettings(enabled: boolean) {
  return useQuery({
    queryKey: mfaKeys.settings,
    queryFn: ({ signal }) => apiRequest('/api/mfa', { schema: ZMfaSettings, signal }),
    enabled,
  });
}

/** manage-mfa: enable, verify, cancel or disable; the answer carries the new settings. */
export function useManageMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TMfaActionBody) =>
      apiRequest('/api/mfa', { method: 'POST', body, schema: ZMfaActionResult }),
    onSuccess: (result) => queryClient.setQueryData(mfaKeys.settings, result.settings),
  });
}
