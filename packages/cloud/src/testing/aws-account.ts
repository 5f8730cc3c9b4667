// A moto account for the AWS tests: the SDK clients the tests arrange state with, and a scan of
// chosen checks that returns the resources each check found.
import { CloudTrailClient } from '@aws-sdk/client-cloudtrail';
import {
  AuthorizeSecurityGroupIngressCommand,
  CreateSecurityGroupCommand,
  EC2Client,
  type IpPermission,
} from '@aws-sdk/client-ec2';
import { IAMClient } from '@aws-sdk/client-iam';
import {
  CreateDBInstanceCommand,
  type CreateDBInstanceCommandInput,
  RDSClient,
} from '@aws-sdk/client-rds';
import { S3Client } from '@aws-sdk/client-s3';
import { awsScanner } from '../aws/scanner.ts';
import type { AwsCredentials, ScanOptions, ScanResult } from '../types.ts';
import { MOTO_CREDENTIALS, type MotoServer, startMotoServer } from './moto.ts';

export const REGION = 'us-east-1';

export type MotoAccount = {
  moto: MotoServer;
  credentials: AwsCredentials;
  ec2: EC2Client;
  s3: S3Client;
  iam: IAMClient;
  rds: RDSClient;
  cloudtrail: CloudTrailClient;
  /** A client of any other service on moto, destroyed with the account. */
  client<C extends { destroy(): void }>(Client: new (config: ClientConfig) => C): C;
  /** Scans with only these checks (no waiting between credential-report polls). */
  scan(checks: string[], options?: ScanOptions): Promise<ScanResult>;
  stop(): Promise<void>;
};

/** The resource ids a check found. */
export const found = (result: ScanResult, checkId: string) =>
  result.findings.filter((f) => f.checkId === checkId).map((f) => f.resourceId);

/** A TCP rule for one port from one source. */
export const tcpRule = (port: number, cidr = '0.0.0.0/0'): IpPermission => ({
  IpProtocol: 'tcp',
  FromPort: port,
  ToPort: port,
  ...(cidr.includes(':') ? { Ipv6Ranges: [{ CidrIpv6: cidr }] } : { IpRanges: [{ CidrIp: cidr }] }),
});

/** Creates a security group with one inbound rule; gives its id. */
export async function createGroup(
  ec2: EC2Client,
  name: string,
  rule: IpPermission,
): Promise<string> {
  const { GroupId } = await ec2.send(
    new CreateSecurityGroupCommand({ GroupName: name, Description: name }),
  );
  await ec2.send(new AuthorizeSecurityGroupIngressCommand({ GroupId, IpPermissions: [rule] }));
  return GroupId as string;
}

type ClientConfig = {
  region: string;
  endpoint: string;
  credentials: typeof MOTO_CREDENTIALS;
};

/** Creates a small PostgreSQL instance with the given settings. */
export const createDatabase = (
  rds: RDSClient,
  id: string,
  settings: Partial<CreateDBInstanceCommandInput> = {},
) =>
  rds.send(
    new CreateDBInstanceCommand({
      DBInstanceIdentifier: id,
      DBInstanceClass: 'db.t3.micro',
      Engine: 'postgres',
      AllocatedStorage: 20,
      MasterUsername: 'admin',
      MasterUserPassword: 'not-a-real-password',
      ...settings,
    }),
  );

export async function startMotoAccount(
  options: Parameters<typeof startMotoServer>[0] = {},
): Promise<MotoAccount> {
  const moto = await startMotoServer(options);
  const config: ClientConfig = {
    region: REGION,
    endpoint: moto.endpoint,
    credentials: MOTO_CREDENTIALS,
  };
  const others: { destroy(): void }[] = [];
  const credentials = { ...MOTO_CREDENTIALS, region: REGION, endpoint: moto.endpoint };
  const clients = {
    ec2: new EC2Client(config),
    s3: new S3Client({ ...config, forcePathStyle: true }),
    iam: new IAMClient(config),
    rds: new RDSClient(config),
    cloudtrail: new CloudTrailClient(config),
  };
  return {
    moto,
    credentials,
    ...clients,
    client(Client) {
      const client = new Client(config);
      others.push(client);
      return client;
    },
    async scan(checks, options = {}) {
      const [result] = await awsScanner.scan(credentials, {
        checks,
        sleep: async () => {},
        ...options,
      });
      if (!result) throw new Error('the scan returned no result');
      return result;
    },
    async stop() {
      for (const client of [...Object.values(clients), ...others]) client.destroy();
      await moto.stop();
    },
  };
}
