// What a scan collects from one AWS account before any check runs. A field is undefined when its
// calls failed or no selected check needed it; `null` means the setting does not exist.
import type { Trail } from '@aws-sdk/client-cloudtrail';
import type {
  FlowLog,
  Image,
  Instance,
  NetworkAcl,
  SecurityGroup,
  Snapshot,
  Volume,
  Vpc,
} from '@aws-sdk/client-ec2';
import type { PasswordPolicy } from '@aws-sdk/client-iam';
import type { DBInstance, DBSnapshot } from '@aws-sdk/client-rds';
import type { Grant, PublicAccessBlockConfiguration } from '@aws-sdk/client-s3';
import type { ServicesInventory } from './inventory-services.ts';

export type RegionInventory = {
  region: string;
  securityGroups?: SecurityGroup[];
  instances?: Instance[];
  volumes?: Volume[];
  /** Snapshots the account owns, with whether anyone may create volumes from them. */
  snapshots?: { snapshot: Snapshot; public: boolean | undefined }[];
  images?: Image[];
  ebsEncryptionByDefault?: boolean;
  vpcs?: Vpc[];
  flowLogs?: FlowLog[];
  networkAcls?: NetworkAcl[];
  dbInstances?: DBInstance[];
  dbSnapshots?: { snapshot: DBSnapshot; public: boolean | undefined }[];
  trails?: { trail: Trail; logging: boolean | undefined }[];
} & ServicesInventory;

export type BucketInventory = {
  name: string;
  region: string;
  publicAccessBlock?: PublicAccessBlockConfiguration | null;
  /** The bucket policy's JSON text. */
  policy?: string | null;
  acl?: Grant[];
  encrypted?: boolean;
  versioning?: string | null;
  logging?: boolean;
  tags?: Record<string, string>;
};

/** One row of the IAM credential report (the CSV's column names). */
export type CredentialRow = Record<string, string>;

export type IamUser = { name: string; arn: string; inlinePolicies?: string[] };
export type IamPolicy = { arn: string; name: string; document?: string };

/** A policy by name and, for a managed one, its ARN; an inline policy carries its document. */
export type PolicyRef = { name: string; arn?: string; document?: string };

/** A user, group or role with what grants it permissions (GetAccountAuthorizationDetails). */
export type IamPrincipal = {
  kind: 'user' | 'group' | 'role';
  name: string;
  arn: string;
  inline: PolicyRef[];
  attached: PolicyRef[];
  /** A user's groups, by name. */
  groups?: string[];
  /** A role's trust policy (JSON text). */
  trust?: string;
};

/** Every principal of the account and the customer-managed policies' default documents. */
export type IamAuthorization = { principals: IamPrincipal[]; policies: IamPolicy[] };

export type GlobalInventory = {
  accountPublicAccessBlock?: PublicAccessBlockConfiguration | null;
  buckets?: BucketInventory[];
  accountSummary?: Record<string, number>;
  credentialReport?: CredentialRow[];
  passwordPolicy?: PasswordPolicy | null;
  users?: IamUser[];
  policies?: IamPolicy[];
  authorization?: IamAuthorization;
  /** Assigned virtual MFA devices: serial number and the ARN of the user (or root) it is on. */
  virtualMfaDevices?: { serialNumber: string; user: string | undefined }[];
};

export type AwsInventory = {
  account: string;
  now: Date;
  regions: RegionInventory[];
  global: GlobalInventory;
};
