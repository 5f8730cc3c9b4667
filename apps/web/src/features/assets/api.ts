import {
  can,
  type TAssetContextBody,
  type TRole,
  ZAssetContext,
  ZAssetContextList,
} from '@netguard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ASSET_TEXT } from '@/features/assets/asset-text';
import { apiRequest, errorMessage } from '@/lib/api-client';

export const assetKeys = {
  all: ['assets'] as const,
  host: (host: string) => ['assets', 'host', host] as const,
};

/** Whether the role may change asset context (every role reads it). */
export function canEditAssetContext(role: TRole | undefined): boolean {
  return role !== undefined && can(role, 'asset_context', 'update');
}

/** The contexts that apply to a host: its own and those of the tags it lists. */
export function useHostAssetContexts(host: string) {
  return useQuery({
    queryKey: assetKeys.host(host),
    queryFn: ({ signal }) =>
      apiRequest(`/api/assets?${new URLSearchParams({ host })}`, {
        schema: ZAssetContextList,
        signal,
      }),
  });
}

/** PUT a context (created or replaced by kind and target); every host's view refreshes. */
export function useSaveAssetContext() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAssetContextBody) =>
      apiRequest('/api/assets', { method: 'PUT', body, schema: ZAssetContext }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: assetKeys.all });
      toast.success(ASSET_TEXT.saved);
    },
    onError: (error) => toast.error(ASSET_TEXT.saveFailed, { description: errorMessage(error) }),
  });
}
