export { parsePorts, topPorts } from '@netguard/contracts';
export { compareDistroVersions, type DistroBuild, distroBuild } from './advisories/distro.ts';
export type { FeedKind, ParsedFeed } from './advisories/feed.ts';
export { emptyFeedData, parseFeed } from './advisories/feed.ts';
export type { ImportOptions, ImportResult } from './advisories/import.ts';
export { importAdvisories } from './advisories/import.ts';
export { productKeyForName } from './advisories/products.ts';
export type {
  TAdvisory,
  TAdvisoryStore,
  TCveDistroFix,
  TDistroFix,
  TEpss,
  TKev,
  TProductDistroFix,
  TSsvcEntry,
  TVersionRange,
} from './advisories/schema.ts';
export { ZAdvisory, ZAdvisoryStore, ZProductDistroFix, ZSsvc } from './advisories/schema.ts';
export { readSource, type SourceOptions } from './advisories/source.ts';
export {
  applyFeeds,
  bundledAdvisories,
  defaultAdvisoriesPath,
  type LoadOptions,
  loadAdvisories,
  mergeAdvisories,
} from './advisories/store.ts';
export { compareVersions, inRange } from './advisories/version.ts';
export { CHECKS, selectChecks } from './checks/index.ts';
export { riskScore } from './checks/vulnerable-version/index.ts';
export { discoverHosts } from './discovery/discover.ts';
export { createEngine } from './engine.ts';
export { toJsonLines } from './output/jsonl.ts';
export { findingFromScript, toNmapXml } from './output/nmap-xml.ts';
export { toSarif } from './output/sarif.ts';
export { findingsFromSarif, SARIF_MAX_RESULTS } from './output/sarif-read.ts';
export type { EngineOptions, Progress, RunHandlers, ScanSummary } from './port-engine.ts';
export { scanTcp } from './ports/scan-tcp.ts';
export { createTcpPool, scanTcpParallel, type TcpPool } from './ports/tcp-pool.ts';
export { detectService } from './services/detect.ts';
export type { Endpoint } from './services/exchange.ts';
export { negotiatedSuite, WEAK_SUITES } from './services/probes/client-hello.ts';
export { type HandshakeResult, LEGACY_TLS, tlsHandshake } from './services/probes/tls.ts';
export { countAddresses } from './targets/count.ts';
export { planTargets } from './targets/plan.ts';
export {
  createScope,
  DEFAULT_DENY,
  type Scope,
  type ScopeOptions,
  type ScopeVerdict,
  type SkippedPort,
} from './targets/scope.ts';
export type * from './types.ts';
export { probeUdp } from './udp/probe-udp.ts';
export { DEFAULT_UDP_PORTS, type UdpPort, type UdpProtocolName } from './udp/protocols.ts';
export { scanUdp, type UdpSetting } from './udp/scan-udp.ts';
