/** Badge and chart colours per protocol family; anything unknown is grey. */
const FAMILIES: [RegExp, { badge: string; fill: string }][] = [
  [/^HTTP(\/|$)/i, { badge: 'bg-emerald-100 text-emerald-800', fill: '#10b981' }],
  [/^(HTTPS|TLS|SSL)/i, { badge: 'bg-violet-100 text-violet-800', fill: '#8b5cf6' }],
  [/^(DNS|MDNS|LLMNR)/i, { badge: 'bg-blue-100 text-blue-800', fill: '#3b82f6' }],
  [/^ICMP/i, { badge: 'bg-orange-100 text-orange-800', fill: '#f97316' }],
  [/^SSH/i, { badge: 'bg-slate-200 text-slate-800', fill: '#475569' }],
  [/^FTP/i, { badge: 'bg-amber-100 text-amber-800', fill: '#f59e0b' }],
  [/^TCP/i, { badge: 'bg-sky-100 text-sky-800', fill: '#0ea5e9' }],
  [/^(UDP|DHCP)/i, { badge: 'bg-teal-100 text-teal-800', fill: '#14b8a6' }],
  [/^ARP/i, { badge: 'bg-yellow-100 text-yellow-800', fill: '#eab308' }],
];
const OTHER = { badge: 'bg-muted text-muted-foreground', fill: '#94a3b8' };

/** Tailwind classes of a protocol's badge and the fill of its chart bar. */
export function protocolColour(protocol: string): { badge: string; fill: string } {
  return FAMILIES.find(([pattern]) => pattern.test(protocol))?.[1] ?? OTHER;
}
