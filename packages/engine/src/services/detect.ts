import type { ServiceInfo } from '../types.ts';
import { classifyBanner, splitProduct } from './banners.ts';
import { cpeFor } from './cpe.ts';
import { type Endpoint, exchange, printable } from './exchange.ts';
import { probeDnsTcp } from './probes/dns.ts';
import { httpGet } from './probes/http.ts';
import { probeMemcached } from './probes/memcached.ts';
import { probeMongo } from './probes/mongodb.ts';
import { probePostgres } from './probes/postgresql.ts';
import { probeRedis } from './probes/redis.ts';
import { tlsHandshakeAnyVersion, tlsOptionsFor } from './probes/tls.ts';

export type DetectOptions = { timeoutMs?: number; bannerWaitMs?: number; hostname?: string };

type Probe = { name: string; ports: number[]; run: (e: Endpoint) => Promise<ServiceInfo | null> };

/** Client-first probes in the order tried when no port hint applies. */
const PROBES: Probe[] = [
  { name: 'tls', ports: [443, 465, 636, 853, 993, 995, 5986, 8443, 9443], run: probeTls },
  { name: 'http', ports: [80, 81, 3000, 5000, 8000, 8008, 8080, 8081, 8888, 9000], run: probeHttp },
  { name: 'redis', ports: [6379], run: probeRedis },
  { name: 'memcached', ports: [11211], run: probeMemcached },
  { name: 'mongodb', ports: [27017, 27018], run: probeMongo },
  { name: 'postgresql', ports: [5432], run: probePostgres },
  { name: 'dns', ports: [53], run: probeDnsTcp },
];

/** Well-known names for ports whose service could not be identified. */
const PORT_NAMES: Record<number, string> = {
  23: 'telnet',
  135: 'msrpc',
  139: 'netbios-ssn',
  445: 'microsoft-ds',
  3389: 'ms-wbt-server',
  5900: 'vnc',
};

/**
 * Names the service on an open TCP port: hinted client-first probes, then a server-first
 * banner, then the remaining probes. An unknown service keeps its raw banner.
 */
export async function detectService(
  host: string,
  port: number,
  options: DetectOptions = {},
): Promise<ServiceInfo> {
  const endpoint: Endpoint = {
    host,
    port,
    hostname: options.hostname,
    timeoutMs: options.timeoutMs ?? 3000,
  };
  const hinted = PROBES.filter((p) => p.ports.includes(port));
  for (const probe of hinted) {
    const found = await probe.run(endpoint);
    if (found) return found;
  }
  const banner = await exchange(
    { ...endpoint, timeoutMs: options.bannerWaitMs ?? 1000 },
    { maxBytes: 4096, complete: (d) => d.includes('\n') },
  );
  const fromBanner = classifyBanner(banner.data, port);
  if (fromBanner) return fromBanner;
  if (banner.data.length > 0)
    return { name: PORT_NAMES[port] ?? 'unknown', banner: printable(banner.data) };
  for (const probe of PROBES) {
    if (hinted.includes(probe)) continue;
    const found = await probe.run(endpoint);
    if (found) return found;
  }
  return { name: PORT_NAMES[port] ?? 'unknown' };
}

/** Describes an HTTP response as a service: product and version from the Server header. */
export function httpService(name: string, http: NonNullable<ServiceInfo['http']>): ServiceInfo {
  const server = http.headers.server;
  const { product, version } = server ? splitProduct(server) : {};
  return {
    name,
    product,
    version,
    cpe: cpeFor(product, version),
    http,
    banner: server ? `Server: ${server}` : undefined,
  };
}

async function probeHttp(endpoint: Endpoint): Promise<ServiceInfo | null> {
  const http = await httpGet(endpoint);
  return http ? httpService('http', http) : null;
}

async function probeTls(endpoint: Endpoint): Promise<ServiceInfo | null> {
  const handshake = await tlsHandshakeAnyVersion(endpoint);
  if (!handshake.ok || !handshake.info) return null;
  const secure = { ...endpoint, tls: tlsOptionsFor(handshake.info) };
  const http = await httpGet(secure);
  if (http) return { ...httpService('https', http), tls: handshake.info };
  const banner = await exchange(secure, { maxBytes: 4096, complete: (d) => d.includes('\n') });
  const inner = classifyBanner(banner.data, endpoint.port);
  const name = inner ? `${inner.name}s` : 'ssl/unknown';
  return {
    ...(inner ?? { banner: banner.data.length ? printable(banner.data) : undefined }),
    name,
    tls: handshake.info,
  };
}
