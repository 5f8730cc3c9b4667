export type TargetFormat = { label: string; example: string; note: string };

/** Target examples for the guide; documentation address ranges only (RFC 5737). */
export const TARGET_FORMATS: readonly TargetFormat[] = [
  { label: 'Single IP', example: '192.0.2.10', note: 'One IPv4 address' },
  { label: 'Hostname', example: 'server.example.com', note: 'Resolved before scanning' },
  { label: 'CIDR subnet', example: '192.0.2.0/24', note: 'Every address in the block' },
  { label: 'Range', example: '192.0.2.1-50', note: 'Last octet from 1 to 50' },
  {
    label: 'Comma list',
    example: '192.0.2.10, 198.51.100.0/24, 203.0.113.5',
    note: 'Mix any of the formats above',
  },
];
