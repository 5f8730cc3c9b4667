import type { TScanListItem } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { liveScanRows } from '@/features/dashboard/live-scans';

function scan(id: string, status: TScanListItem['status'], created: string) {
  return { id, status, created_at: created } as TScanListItem;
}

describe('liveScanRows', () => {
  it('shows active recent scans plus active scans only the socket knows, oldest first', () => {
    const recent = [scan('new', 'running', '2026-11-03'), scan('done', 'completed', '2026-11-02')];
    const live = [scan('retried', 'pending', '2026-10-01'), scan('new', 'completed', '2026-11-03')];
    expect(liveScanRows(recent, live).map((row) => row.id)).toEqual(['retried', 'new']);
  });
});
