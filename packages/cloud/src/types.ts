// The shapes every provider shares: check metadata (data, not code), findings, the record of each
// API call a scan made, and the scan's result. A scan with any call that did not succeed is
// "partial", never "passed".

export const PROVIDERS = ['aws', 'azure', 'gcp'] as const;
export type Provider = (typeof PROVIDERS)[number];

export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Framework references a check supports, as control ids (compliance evidence builds on them). */
export type FrameworkRefs = {
  soc2: string[];
  iso27001: string[];
  nist_csf: string[];
  hipaa: string[];
  gdpr: string[];
};

export type CheckMeta = {
  /** Stable id, e.g. `aws_ec2_sg_open_ssh`. */
  id: string;
  provider: Provider;
  /** The SDK service it reads, e.g. `ec2`, `s3`, `iam`, `network`, `compute`. */
  service: string;
  /** One of the spec's nine resource types or a further one, e.g. `ec2_security_group`. */
  resourceType: string;
  title: string;
  severity: Severity;
  description: string;
  risk: string;
  remediation: string;
  /** A command that fixes it (aws / az / gcloud CLI). */
  cli: string;
  frameworks: FrameworkRefs;
  /** Ports whose exposure the finding claims; NetGuard can prove them with its own scan. */
  exposedPorts?: number[];
};

/** One resource that fails one check. */
export type Finding = {
  checkId: string;
  provider: Provider;
  /** AWS account id, Azure subscription id, GCP project id. */
  account: string;
  /** Region or location; `global` for global services. */
  region: string;
  /** ARN, Azure resource id, GCP self link or name. */
  resourceId: string;
  resourceType: string;
  /** What was seen on this resource, in a sentence. */
  detail: string;
  /** The configuration values behind the verdict. */
  evidence: Record<string, unknown>;
  tags?: Record<string, string>;
  /** Public addresses of the resource, when the provider reports them (exposure proof). */
  publicAddresses?: string[];
  /** Ports this finding says are open to the internet. */
  exposedPorts?: number[];
};

export const CALL_OUTCOMES = ['ok', 'denied', 'throttled', 'timeout', 'error'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** One API operation of a scan, after its retries. */
export type CallRecord = {
  service: string;
  region: string;
  operation: string;
  outcome: CallOutcome;
  attempts: number;
  ms: number;
  /** The provider's own reason when it failed. */
  message?: string;
  /** Checks that could not be evaluated because this call failed. */
  checks?: string[];
};

export type ScanStatus = 'passed' | 'failed' | 'partial';

export type ScanResult = {
  provider: Provider;
  account: string;
  /** passed: every call ok and no finding; failed: findings, every call ok; partial: any gap. */
  status: ScanStatus;
  startedAt: string;
  finishedAt: string;
  regions: string[];
  checksRun: string[];
  findings: Finding[];
  calls: CallRecord[];
  /** The calls that did not succeed, with the checks they left unevaluated. */
  gaps: CallRecord[];
};

export type ScanProgress = { done: number; total: number; phase: string };

export type ScanOptions = {
  regions?: string[];
  /** Only these check ids (all of the provider's by default). */
  checks?: string[];
  signal?: AbortSignal;
  onProgress?: (progress: ScanProgress) => void;
  /** Per-call timeout, ms (default 20 s). */
  callTimeoutMs?: number;
  /** Attempts per call when throttled or on a transient error (default 4). */
  maxAttempts?: number;
  /**
   * fetch for endpoints the credentials themselves name (a GCP key's token_uri): the server passes
   * its egress-checked fetch. Default: the SDK's own requests.
   */
  credentialFetch?: (url: string | URL, init?: RequestInit) => Promise<Response>;
  /** Clock and sleep, replaceable in tests. */
  now?: () => Date;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

export function scanStatus(findings: Finding[], gaps: CallRecord[]): ScanStatus {
  if (gaps.length) return 'partial';
  return findings.length ? 'failed' : 'passed';
}

/**
 * Credentials as the spec's form holds them (part 2 §3), plus what the SDKs need to reach a
 * server other than the provider's own (the tests' moto_server and HTTPS fakes on loopback).
 */
export type AwsCredentials = {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  /** Default region; us-east-1 (spec part 2 §9). */
  region: string;
  /** A role to assume first (with its external id). */
  roleArn?: string;
  externalId?: string;
  /** Assume this role name in every account of the AWS Organization and scan each. */
  organizationRoleName?: string;
  /** One endpoint for every AWS service (moto_server). */
  endpoint?: string;
};

export type AzureCredentials = {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  subscriptionId: string;
  /** Entra authority host and Azure Resource Manager endpoint (the tests' fakes). */
  authorityHost?: string;
  resourceManagerEndpoint?: string;
};

export type GcpCredentials = {
  projectId: string;
  /** The service-account key file's JSON text; it must parse (spec part 2 §5). */
  serviceAccountKey: string;
  /** Root URL of the Google APIs (the tests' fake); the key's token_uri names the token endpoint. */
  apiEndpoint?: string;
};

export type CredentialsOf = {
  aws: AwsCredentials;
  azure: AzureCredentials;
  gcp: GcpCredentials;
};

/** Who the credentials turned out to be, from a real call (STS, a subscription read, a project read). */
export type Identity = {
  /** AWS account id, Azure subscription id, GCP project id. */
  account: string;
  /** ARN, client id, service-account e-mail. */
  principal: string;
  /** A name a person recognises (subscription or project display name), when the provider gives one. */
  displayName?: string;
};

export class VerificationFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VerificationFailed';
  }
}

/** What each provider module exports. */
export type Scanner<P extends Provider> = {
  provider: P;
  checks: CheckMeta[];
  /** One real call that proves the credentials work; throws VerificationFailed with the provider's reason. */
  verify: (credentials: CredentialsOf[P], options?: ScanOptions) => Promise<Identity>;
  /** Results per account scanned (several for an AWS Organization). */
  scan: (credentials: CredentialsOf[P], options?: ScanOptions) => Promise<ScanResult[]>;
};
