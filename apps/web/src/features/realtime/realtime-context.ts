import type { TScanListItem } from '@netguard/contracts';
import { createContext, useContext } from 'react';
import type { TRealtimeStatus } from '@/features/realtime/connection';
import type { TScanNotice } from '@/features/realtime/notices';

export type TRealtimeContext = {
  status: TRealtimeStatus;
  /** Completed and failed notices; each goes away after 5 s or when dismissed. */
  notices: TScanNotice[];
  dismissNotice: (id: string) => void;
  /** Findings reported since the Security Alert was last dismissed. */
  alertCount: number;
  dismissAlerts: () => void;
  /** The latest row of every scan an event mentioned since the socket (re)connected. */
  liveScans: readonly TScanListItem[];
};

export const RealtimeContext = createContext<TRealtimeContext | null>(null);

/** Slow re-read used only while the socket is down, so the page still moves. */
export const FALLBACK_REFETCH_MS = 15_000;

/** An open scan is still re-read this often while the socket is up, in case an event was lost. */
export const MISSED_EVENT_REFETCH_MS = 30_000;

/** Live scan state; only valid inside a RealtimeProvider. */
export function useRealtime(): TRealtimeContext {
  const context = useContext(RealtimeContext);
  if (!context) throw new Error('useRealtime must be used within a RealtimeProvider');
  return context;
}

/** The refetch interval a live query needs: none while the socket delivers events. */
export function useFallbackRefetch(): number | false {
  const context = useContext(RealtimeContext);
  return context?.status === 'open' ? false : FALLBACK_REFETCH_MS;
}
