// The shapes the cloud executors share: the finding an action fixes, the options of a run, and a
// handler per action (what it reads, the calls it makes, how it puts the resource back).
import type { CredentialsOf, Provider, ScanOptions, Transport } from '@netguard/cloud';
import type { CapturedState } from '../execution.ts';
import type { CloudSession } from './session.ts';

/** A cloud finding as the scanners report it (packages/cloud `Finding`). */
export type CloudFinding = {
  checkId: string;
  /** ARN, Azure resource id, GCP self link or `projects/<id>`, exactly as the scanner reports it. */
  resourceId: string;
  region?: string;
  /** The finding's evidence (its `evidence` object), when the caller has it. */
  details?: Record<string, unknown>;
};

/**
 * How a run reaches the provider: `transport` carries an https.Agent that trusts a private CA (the
 * tests' fakes, a TLS-inspecting proxy); the scan options are passed to verification scans.
 */
export type CloudOptions = Omit<ScanOptions, 'checks'> & {
  transport?: Transport;
  /** Apply: called with the captured state before the first write call (to store it first). */
  onCaptured?: (captured: CapturedState) => Promise<void> | void;
};

/** One provider API call, named as the provider names it, with the parameters sent. */
export type ApiCall = { call: string; params: Record<string, unknown> };

/** What a handler read: the resource as JSON before and after, the calls between, what a rollback needs. */
export type CloudPlan = {
  /** The resource the diff is about (as the finding names it). */
  target: string;
  before: unknown;
  /** null: the resource is deleted. */
  after: unknown;
  calls: ApiCall[];
  /** JSON-serialisable: region, names and the exact previous state. */
  captured: Record<string, unknown>;
};

export type CloudHandler<P extends Provider> = {
  provider: P;
  /** Reads the resource (each read logged) and plans the calls that fix the finding. */
  plan(session: CloudSession<P>, finding: CloudFinding): Promise<CloudPlan>;
  /** The calls that put the captured state back (may read first, e.g. a policy's current etag). */
  restore(session: CloudSession<P>, captured: Record<string, unknown>): Promise<ApiCall[]>;
  /** Makes one call of a plan or a restore. */
  send(
    session: CloudSession<P>,
    call: ApiCall,
    captured: Record<string, unknown>,
  ): Promise<unknown>;
};

export type AnyCloudHandler = { [P in Provider]: CloudHandler<P> }[Provider];

export type { CredentialsOf, Provider };
