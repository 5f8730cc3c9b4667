import type { TScanService } from '@netguard/contracts';

/** Open ports with the detected service, product and version. */
export function ServicesTable({ services }: { services: readonly TScanService[] }) {
  if (services.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">No open ports found yet.</p>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label="Services">
        <thead className="border-b text-left text-xs uppercase text-muted-foreground">
          <tr>
            <th className="py-2 pr-4 font-medium">Host</th>
            <th className="py-2 pr-4 font-medium">Port</th>
            <th className="py-2 pr-4 font-medium">State</th>
            <th className="py-2 pr-4 font-medium">Service</th>
            <th className="py-2 pr-4 font-medium">Product</th>
            <th className="py-2 font-medium">Version</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {services.map((row) => (
            <tr key={`${row.host}-${row.protocol}-${row.port}`}>
              <td className="py-2 pr-4 font-mono">{row.host}</td>
              <td className="py-2 pr-4 font-mono tabular-nums">
                {row.port}/{row.protocol}
              </td>
              <td className="py-2 pr-4">{row.state}</td>
              <td className="py-2 pr-4">{row.service ?? '—'}</td>
              <td className="py-2 pr-4">{row.product ?? '—'}</td>
              <td className="py-2">{row.version ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
