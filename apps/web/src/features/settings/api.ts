import {
  type TApiSettings,
  type TFeedSource,
  type TNotificationSettings,
  type TProfile,
  type TUpdateProfileBody,
  ZApiKeyList,
  ZCreatedApiKey,
  ZFeedImport,
  ZFeedStatus,
  ZMessage,
  ZProfile,
  ZSettings,
} from '@netguard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '@/lib/api-client';

export const settingsKeys = {
  settings: ['settings'] as const,
  profile: ['profile'] as const,
  apiKeys: ['api-keys'] as const,
  feeds: ['feeds'] as const,
};

export function useProfile() {
  return useQuery({
    queryKey: settingsKeys.profile,
    queryFn: ({ signal }) => apiRequest('/api/profile', { schema: ZProfile, signal }),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateProfileBody) =>
      apiRequest('/api/profile', { method: 'PATCH', body, schema: ZProfile }),
    onSuccess: (profile: TProfile) => queryClient.setQueryData(settingsKeys.profile, profile),
  });
}

export function useSettings() {
  return useQuery({
    queryKey: settingsKeys.settings,
    queryFn: ({ signal }) => apiRequest('/api/settings', { schema: ZSettings, signal }),
  });
}

function useSettingsUpdate<T>(part: 'notifications' | 'api') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) =>
      apiRequest(`/api/settings/${part}`, { method: 'PUT', body, schema: ZSettings }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.settings, settings),
  });
}

export const useUpdateNotifications = () =>
  useSettingsUpdate<TNotificationSettings>('notifications');
export const useUpdateApiSettings = () => useSettingsUpdate<TApiSettings>('api');

export function useApiKeys() {
  return useQuery({
    queryKey: settingsKeys.apiKeys,
    queryFn: ({ signal }) => apiRequest('/api/api-keys', { schema: ZApiKeyList, signal }),
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest('/api/api-keys', { method: 'POST', body: { name }, schema: ZCreatedApiKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.apiKeys }),
  });
}

export const changePassword = (body: {
  current_password: string;
  new_password: string;
  revoke_api_keys: boolean;
}) => apiRequest('/api/account/password', { method: 'POST', body, schema: ZMessage });

export const signOutEverywhere = (revokeApiKeys: boolean) =>
  apiRequest('/api/account/sign-out-all', {
    method: 'POST',
    body: { revoke_api_keys: revokeApiKeys },
    schema: ZMessage,
  });

export const exportAccountData = () => apiDownload('/api/account/export', 'netguard-export.json');

export const deleteAccount = (body: { password: string; confirmation: string }) =>
  apiRequest('/api/account/delete', { method: 'POST', body, schema: ZMessage });

/** GET /api/feeds: each feed's latest import and the schedule; polled while one is running. */
export function useFeeds() {
  return useQuery({
    queryKey: settingsKeys.feeds,
    queryFn: ({ signal }) => apiRequest('/api/feeds', { schema: ZFeedStatus, signal }),
    refetchInterval: (query) =>
      query.state.data?.sources.some((s) => s.latest?.status === 'running') ? 3000 : false,
  });
}

/** POST /api/feeds/:source/upload with the file as the body (deployment operators). */
export function useUploadFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ source, file }: { source: TFeedSource; file: File }) =>
      apiRequest(`/api/feeds/${source}/upload?${new URLSearchParams({ name: file.name })}`, {
        method: 'POST',
        body: file,
        schema: ZFeedImport,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.feeds }),
  });
}
