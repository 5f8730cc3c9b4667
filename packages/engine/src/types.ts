import type { TFinding } from '@netguard/contracts';

export type PortState = 'open' | 'closed' | 'filtered';
/** 'open|filtered' is a UDP port that stayed silent: open, or dropped by a firewall. */
export type UdpPortState = 'open' | 'closed' | 'open|filtered';
export type Protocol = 'tcp' | 'udp';

/** The outcome of probing one port of one host. */
export type PortResult = {
  host: string;
  port: number;
  protocol: Protocol;
  state: PortState | UdpPortState;
  rttMs?: number;
};

/** What a TLS handshake revealed. */
export type TlsInfo = {
  protocol: string;
  cipher: string;
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  sans: string[];
  selfSigned: boolean;
  authorized: boolean;
  authorizationError?: string;
};

/** What an HTTP request to / revealed. */
export type HttpInfo = {
  status: number;
  headers: Record<string, string>;
  body: string;
};

/** A detected service on an open port. */
export type ServiceInfo = {
  name: string;
  product?: string;
  version?: string;
  cpe?: string;
  banner?: string;
  tls?: TlsInfo;
  http?: HttpInfo;
  extra?: Record<string, string>;
};

/** An open port together with the service detected on it. */
export type ServiceResult = PortResult & { service: ServiceInfo };

/** What a check receives: one detected service, plus the name it was reached by. */
export type CheckContext = {
  host: string;
  hostname?: string;
  port: number;
  protocol: Protocol;
  service: ServiceInfo;
  timeoutMs: number;
  signal?: AbortSignal;
};

/** A vulnerability check. One per folder under src/checks/<id>/. */
export type Check = {
  id: string;
  title: string;
  /** True when the check is relevant to this service. */
  appliesTo(ctx: CheckContext): boolean;
  /** Runs the check; returns zero or more findings. Must not throw on network errors. */
  run(ctx: CheckContext): Promise<TFinding[]>;
};

export type { TFinding as Finding };
