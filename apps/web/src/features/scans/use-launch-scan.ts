import { type TCreateScanBody, type TScanListItem, UI_TEXT } from '@netguard/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { billingKeys } from '@/features/billing/api';
import { applyScanToCache } from '@/features/realtime/cache-updates';
import { useCreateScan, useStartScan } from '@/features/scans/api';
import { SCAN_PAGE_TEXT as T } from '@/features/scans/scan-text';
import { ApiError } from '@/lib/api-client';

/** The server's message (plan limit, scope refusal, validation), or the catalogue's fallback. */
function createErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.status > 0 && error.message
    ? error.message
    : UI_TEXT.scanCreateFallback;
}

/**
 * Creates the scan, starts it, announces the outcome and goes to `destination` (the dashboard,
 * as the spec's scan page does, unless told otherwise).
 */
export function useLaunchScan() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useCreateScan();
  const start = useStartScan();
  const [busy, setBusy] = useState(false);

  async function launch(
    body: TCreateScanBody,
    destination: (scan: TScanListItem) => string = () => '/dashboard',
  ): Promise<void> {
    setBusy(true);
    try {
      const scan = await create.mutateAsync(body).catch((error: unknown) => {
        toast.error(UI_TEXT.scanCreateError, { description: createErrorMessage(error) });
        return null;
      });
      if (!scan) return;
      applyScanToCache(queryClient, scan, 'INSERT');
      // The scan counts toward the month: the remaining scans shown before Launch follow.
      void queryClient.invalidateQueries({ queryKey: billingKeys.usage });
      try {
        await start.mutateAsync(scan.id);
        toast.success(UI_TEXT.scanStartedTitle, {
          description: T.startedDescription(scan.scan_name),
        });
      } catch {
        toast.error(UI_TEXT.scanStartErrorTitle, {
          description: UI_TEXT.scanStartErrorDescription,
        });
      }
      await navigate(destination(scan));
    } finally {
      setBusy(false);
    }
  }

  return { launch, busy };
}
