import type { SecurityContext } from '@netguard/selftest';
// What the integration and performance suites observe of the live deployment. Each probe measures
// one part of it (the real implementation is system-probes.ts); a probe whose prerequisite is not
// configured throws `Unavailable` and its test is inconclusive. The suites only judge.

export type DatabaseObservation = {
  latencyMs: number;
  /** The newest migration applied to the database (its tag), null when none is. */
  appliedMigration: string | null;
  /** The newest migration the running code ships. */
  codeMigration: string;
};

export type RoundTrip = { delivered: boolean; ms: number; detail: string };

export type MailObservation = { transport: 'smtp' | 'outbox'; ok: boolean; detail: string };

export type BillingObservation = {
  provider: 'stripe' | 'local';
  /** A payload signed with the deployment's webhook secret was accepted. */
  signedAccepted: boolean;
  /** The same payload with a wrong signature was refused. */
  forgedRefused: boolean;
  detail: string;
};

export type CanaryScanObservation = {
  /** The weaknesses the canary target was started with (check ids). */
  planted: string[];
  /** The check ids of the findings the scan reported on the canary. */
  found: string[];
  openPorts: number[];
};

export type CaptureObservation = { packetsWritten: number; packetsRead: number; matching: number };

export type FeedObservation = { name: string; lastSuccessAt: string | null };

export type ConnectionCheck = { name: string; ok: boolean; message: string };

export type SettingsRoundTrip = {
  before: Record<string, unknown>;
  changed: Record<string, unknown>;
  restored: Record<string, unknown>;
};

export type ReadTimings = { route: string; samplesMs: number[]; errors: number };

export type PlanObservation = { query: string; seqScans: { table: string; rows: number }[] };

export type PaginationObservation = {
  seeded: number;
  seen: number;
  pages: number;
  totalMs: number;
  slowestPageMs: number;
  largestPageBytes: number;
};

export type LoadObservation = { lagP99Ms: number; heapUsedMb: number; heapGrowthMb: number };

export type BurstObservation = {
  limitPerMinute: number;
  sent: number;
  statuses: Record<string, number>;
};

export type IntegrationProbes = {
  database(signal: AbortSignal): Promise<DatabaseObservation>;
  jobRoundTrip(signal: AbortSignal): Promise<RoundTrip>;
  realtimeRoundTrip(signal: AbortSignal): Promise<RoundTrip>;
  mail(signal: AbortSignal): Promise<MailObservation>;
  billing(signal: AbortSignal): Promise<BillingObservation>;
  canaryScan(signal: AbortSignal): Promise<CanaryScanObservation>;
  packetCapture(signal: AbortSignal): Promise<CaptureObservation>;
  feeds(signal: AbortSignal): Promise<FeedObservation[]>;
  siemConnections(signal: AbortSignal): Promise<ConnectionCheck[]>;
  cloudConnections(signal: AbortSignal): Promise<ConnectionCheck[]>;
  ssoProviders(signal: AbortSignal): Promise<ConnectionCheck[]>;
  settingsBackupRestore(signal: AbortSignal): Promise<SettingsRoundTrip>;
};

export type PerformanceProbes = {
  keyReads(signal: AbortSignal): Promise<ReadTimings[]>;
  passwordHashing(signal: AbortSignal): Promise<number[]>;
  queryPlans(signal: AbortSignal): Promise<PlanObservation[]>;
  pagination(signal: AbortSignal): Promise<PaginationObservation>;
  scanToFirstEvent(signal: AbortSignal): Promise<RoundTrip>;
  jobLatency(signal: AbortSignal): Promise<number[]>;
  eventLoopUnderLoad(signal: AbortSignal): Promise<LoadObservation>;
  rateLimitBurst(signal: AbortSignal): Promise<BurstObservation>;
};

/** The context the server's suites run with. */
export type SystemContext = { integration: IntegrationProbes; performance: PerformanceProbes };

/**
 * What a run's tests receive: the system suites' probes and the security suite's context (the
 * deployment's public URL, probed from outside with the server's canaries).
 */
export type RunContext = SystemContext & { security: SecurityContext };
