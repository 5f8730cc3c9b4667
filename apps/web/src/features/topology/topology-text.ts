import { TOPOLOGY_TRAFFIC_DEFINITION, TOPOLOGY_ZONE_LABELS } from '@netguard/contracts';

/** Texts of the Network Topology page (spec part 1), kept verbatim where the spec gives them. */
export const TOPOLOGY_TEXT = {
  title: 'Network Topology',
  subtitle: 'Devices, segments and connections discovered by your scans',
  refresh: 'Refresh',
  configure: 'Configure',
  export: 'Export',
  exportSvg: 'Diagram (SVG)',
  exportJson: 'Graph (JSON)',
  pingTest: 'Ping Test',
  portScan: 'Port Scan',
  close: 'Close',
  nodeDetails: 'Node Details',
  ipAddress: 'IP Address',
  type: 'Type',
  status: 'Status',
  connections: 'Connections',
  legend: 'Legend',
  segments: 'Network Segments',
  zones: 'Security Zones',
  sampleBadge: 'Sample',
  sampleTitle: 'Sample network',
  sampleDescription:
    'Your scans have not found any host yet, so this is a sample network, not yours. Run a scan to draw your own.',
  runScan: 'Run a scan',
  sampleActions: 'Ping Test and Port Scan work on hosts your scans found.',
  inferredActions: 'Inferred from the addresses your scans found; no scan saw this router itself.',
  truncated: (drawn: number, found: number) =>
    `Showing ${drawn} of ${found} discovered hosts: those at risk first, then servers.`,
  trafficDefinition: TOPOLOGY_TRAFFIC_DEFINITION,
  zonesDefinition:
    'Zones follow address space: private and loopback ranges are trusted, public ranges external.',
  refreshed: 'Topology refreshed',
  portScanStarted: 'Port scan started',
  portScanConfirmTitle: 'Start a real port scan?',
  portScanConfirmBody: (host: string) =>
    `Port Scan starts a real scan of ${host} now: the server connects to its 1,000 most common TCP ports and identifies the services, and the scan is saved with your others.`,
  portScanConfirm: 'Start Port Scan',
  cancel: 'Cancel',
  portScanFailed: 'Port scan could not start',
  pingFailed: 'Ping Test failed',
  settingsFailed: 'Could not save the topology options',
  loadFailed: 'Could not load the network topology',
} as const;

export const STATUS_LABELS = { online: 'Online', warning: 'Warning', offline: 'Offline' } as const;
export const LINK_LABELS = { wan: 'WAN', ethernet: 'Ethernet', wifi: 'WiFi' } as const;
export const TYPE_LABELS = {
  internet: 'Internet',
  firewall: 'Firewall',
  router: 'Router',
  server: 'Server',
  client: 'Client',
} as const;

/** "Trusted (Secure)": a security zone as the spec names it. */
export function zoneLabel(id: keyof typeof TOPOLOGY_ZONE_LABELS): string {
  const zone = TOPOLOGY_ZONE_LABELS[id];
  return `${zone.name} (${zone.level})`;
}
