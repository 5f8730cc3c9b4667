import type { TScanHost } from '@netguard/contracts';
import { cn } from '@/lib/utils';

/** Hosts the scan saw, with their name and whether they answered. */
export function HostsTable({ hosts }: { hosts: readonly TScanHost[] }) {
  if (hosts.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">No hosts found yet.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label="Hosts">
        <thead className="border-b text-left text-xs uppercase text-muted-foreground">
          <tr>
            <th className="py-2 pr-4 font-medium">Address</th>
            <th className="py-2 pr-4 font-medium">Hostname</th>
            <th className="py-2 font-medium">Status</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {hosts.map((host) => (
            <tr key={host.address}>
              <td className="py-2 pr-4 font-mono">{host.address}</td>
              <td className="py-2 pr-4">{host.hostname ?? '—'}</td>
              <td className="py-2">
                <span
                  className={cn(
                    'inline-flex items-center gap-1.5',
                    host.status === 'up' ? 'text-emerald-700' : 'text-muted-foreground',
                  )}
                >
                  <span
                    className={cn(
                      'size-2 rounded-full',
                      host.status === 'up' ? 'bg-emerald-500' : 'bg-slate-300',
                    )}
                  />
                  {host.status === 'up' ? 'Up' : 'Down'}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
