import type { Logger } from '../../lib/logger.ts';
import { createListener } from '../../realtime/listener.ts';
import { REALTIME_PG_CHANNEL } from '../../realtime/notify.ts';

export type ScanWatch = {
  /** Calls `onChange` whenever the scan's row changes; returns the function that stops it. */
  watch: (scanId: string, onChange: () => void) => () => void;
  ready: Promise<void>;
  close: () => Promise<void>;
};

/**
 * Follows the realtime notifications of scan rows (sent on every change, on commit), so that a
 * worker learns at once that a scan it works on was cancelled or ended.
 */
export function watchScans(options: { url: string; log: Logger }): ScanWatch {
  const watchers = new Map<string, Set<() => void>>();
  const listener = createListener({
    url: options.url,
    channel: REALTIME_PG_CHANNEL,
    log: options.log,
    onMessage(payload) {
      let note: { table?: unknown; id?: unknown };
      try {
        note = JSON.parse(payload);
      } catch {
        return;
      }
      if (note.table !== 'scans' || typeof note.id !== 'string') return;
      for (const onChange of watchers.get(note.id) ?? []) onChange();
    },
  });
  return {
    watch(scanId, onChange) {
      const set = watchers.get(scanId) ?? new Set();
      set.add(onChange);
      watchers.set(scanId, set);
      return () => {
        set.delete(onChange);
        if (set.size === 0 && watchers.get(scanId) === set) watchers.delete(scanId);
      };
    },
    ready: listener.ready,
    close: listener.close,
  };
}
