import type { TRiskLevel } from '@netguard/contracts';

/**
 * Services that should not be reachable: what they are known by (service name from detection or
 * well-known port), how bad it is, and why. `authRequired` tells a banner that shows the service
 * asks for credentials, which makes it no issue.
 */
export type RiskyService = {
  label: string;
  names: readonly string[];
  ports: readonly number[];
  severity: TRiskLevel;
  why: string;
  authRequired?: RegExp;
};

export const RISKY_SERVICES: readonly RiskyService[] = [
  {
    label: 'Telnet',
    names: ['telnet'],
    ports: [23],
    severity: 'high',
    why: 'sends credentials and sessions in clear text',
  },
  {
    label: 'FTP',
    names: ['ftp'],
    ports: [21],
    severity: 'medium',
    why: 'sends credentials in clear text',
  },
  {
    label: 'SMB',
    names: ['microsoft-ds', 'smb', 'netbios-ssn'],
    ports: [445, 139],
    severity: 'high',
    why: 'file sharing exposed; a common ransomware and worm entry point',
  },
  {
    label: 'RDP',
    names: ['ms-wbt-server', 'rdp'],
    ports: [3389],
    severity: 'high',
    why: 'remote desktop exposed to brute force and remote code execution flaws',
  },
  {
    label: 'VNC',
    names: ['vnc'],
    ports: [5900],
    severity: 'high',
    why: 'remote desktop often with weak or no password',
  },
  {
    label: 'Redis',
    names: ['redis'],
    ports: [6379],
    severity: 'critical',
    why: 'answers commands without authentication',
    authRequired: /NOAUTH|requirepass|Authentication required/i,
  },
  {
    label: 'Memcached',
    names: ['memcached'],
    ports: [11211],
    severity: 'critical',
    why: 'has no authentication: anyone can read and change the cache',
  },
  {
    label: 'MongoDB',
    names: ['mongodb', 'mongod'],
    ports: [27017],
    severity: 'high',
    why: 'database exposed; often without authentication',
  },
  {
    label: 'Elasticsearch',
    names: ['elasticsearch'],
    ports: [9200],
    severity: 'high',
    why: 'search API exposed; often without authentication',
  },
];

/** The risky service a scanned port is, if any: by detected name first, else by port. */
export function riskyServiceOf(service: {
  port: number;
  service: string | null;
  banner: string | null;
}): RiskyService | undefined {
  const name = service.service?.toLowerCase() ?? null;
  const match = RISKY_SERVICES.find((r) =>
    name ? r.names.includes(name) : r.ports.includes(service.port),
  );
  if (!match) return undefined;
  if (match.authRequired && service.banner && match.authRequired.test(service.banner))
    return undefined;
  return match;
}
