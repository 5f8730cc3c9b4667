// What a scan collects per region from the services beyond EC2, RDS and CloudTrail: detective
// services, keys and secrets, messaging, functions, tables, registries and log groups. As in
// inventory.ts, undefined means not read, null a setting that does not exist.

import type { LogGroup } from '@aws-sdk/client-cloudwatch-logs';
import type {
  ConfigurationRecorder,
  ConfigurationRecorderStatus,
} from '@aws-sdk/client-config-service';
import type { Repository } from '@aws-sdk/client-ecr';
import type { FileSystemDescription } from '@aws-sdk/client-efs';
import type { Listener, LoadBalancer } from '@aws-sdk/client-elastic-load-balancing-v2';
import type { KeyMetadata } from '@aws-sdk/client-kms';
import type { FunctionConfiguration, FunctionUrlConfig } from '@aws-sdk/client-lambda';
import type { SecretListEntry } from '@aws-sdk/client-secrets-manager';

/** A topic or queue with its attributes (GetTopicAttributes, GetQueueAttributes). */
export type Attributed = { arn: string; name: string; attributes: Record<string, string> };

export type ServicesInventory = {
  /** GuardDuty detectors with whether each is enabled. */
  guardDuty?: { id: string; enabled: boolean }[];
  /** The Security Hub hub's ARN; null when the account is not subscribed in the region. */
  securityHub?: string | null;
  configRecorders?: { recorder: ConfigurationRecorder; status?: ConfigurationRecorderStatus }[];
  /** Access Analyzer analyzers with their status. */
  analyzers?: { arn: string; name: string; status: string }[];
  /** Enabled customer-managed keys: whether each rotates (undefined: not read or not rotatable). */
  kmsKeys?: { key: KeyMetadata; rotation: boolean | undefined; policy: string | undefined }[];
  secrets?: SecretListEntry[];
  topics?: Attributed[];
  queues?: Attributed[];
  functions?: {
    fn: FunctionConfiguration;
    urls: FunctionUrlConfig[] | undefined;
    /** The function's resource policy (JSON text); null when it has none. */
    policy: string | null | undefined;
  }[];
  tables?: { name: string; arn: string; pitr: boolean | undefined }[];
  fileSystems?: FileSystemDescription[];
  /** ECR repositories with their policy (JSON text; null when none). */
  repositories?: { repo: Repository; policy: string | null | undefined }[];
  logGroups?: LogGroup[];
  loadBalancers?: {
    lb: LoadBalancer;
    /** DescribeLoadBalancerAttributes as key → value (`access_logs.s3.enabled`...). */
    attributes: Record<string, string> | undefined;
    listeners: Listener[] | undefined;
  }[];
  /** The TLS versions each security policy in use allows, by policy name. */
  sslPolicies?: Record<string, string[]>;
};
