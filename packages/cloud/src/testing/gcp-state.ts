// A project with one well-configured resource of each kind the GCP checks read, in the Google
// APIs' JSON shape, and a service-account key whose token_uri points at the fake.
import { generateKeyPairSync } from 'node:crypto';
import type { GcpFakeState } from './gcp-fake.ts';

export const GCP_PROJECT = 'netguard-test';
export const GCP_NOW = new Date('2026-06-01T00:00:00Z');
const COMPUTE = `https://www.googleapis.com/compute/v1/projects/${GCP_PROJECT}`;
const WEB_SA = `web@${GCP_PROJECT}.iam.gserviceaccount.com`;
export const GCP_IDS = {
  project: `projects/${GCP_PROJECT}`,
  network: `${COMPUTE}/global/networks/prod-vpc`,
  defaultNetwork: `${COMPUTE}/global/networks/default`,
  instance: `${COMPUTE}/zones/europe-west1-b/instances/web-1`,
  bucket: 'https://www.googleapis.com/storage/v1/b/netguard-logs',
  key: `projects/${GCP_PROJECT}/serviceAccounts/${WEB_SA}/keys/3f1a2b`,
  sql: `https://sqladmin.googleapis.com/v1/projects/${GCP_PROJECT}/instances/prod-db`,
  mysql: `https://sqladmin.googleapis.com/v1/projects/${GCP_PROJECT}/instances/shop-db`,
  sqlserver: `https://sqladmin.googleapis.com/v1/projects/${GCP_PROJECT}/instances/erp-db`,
  webServiceAccount: WEB_SA,
};

export const firewallId = (name: string) => `${COMPUTE}/global/firewalls/${name}`;

/** An ingress firewall rule in the compute API's shape. */
export const firewall = (
  name: string,
  allowed: { IPProtocol: string; ports?: string[] }[],
  sourceRanges: string[],
  extra: Record<string, unknown> = {},
) => ({
  kind: 'compute#firewall',
  name,
  selfLink: firewallId(name),
  network: GCP_IDS.network,
  direction: 'INGRESS',
  priority: 1000,
  sourceRanges,
  allowed,
  disabled: false,
  ...extra,
});

/** A private, encrypted, backed-up Cloud SQL instance in the sqladmin API's shape. */
export const sqlInstance = (
  name: string,
  selfLink: string,
  databaseVersion: string,
  databaseFlags: { name: string; value: string }[],
) => ({
  kind: 'sql#instance',
  name,
  selfLink,
  region: 'europe-west1',
  databaseVersion,
  ipAddresses: [{ type: 'PRIVATE', ipAddress: '10.1.0.3' }],
  settings: {
    ipConfiguration: { ipv4Enabled: false, sslMode: 'ENCRYPTED_ONLY', authorizedNetworks: [] },
    backupConfiguration: { enabled: true, startTime: '02:00' },
    databaseFlags,
  },
});

/** A service-account key file and the public key the fake checks its grants with. */
export function serviceAccountKey(tokenUri: string) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = {
    type: 'service_account',
    project_id: GCP_PROJECT,
    private_key_id: 'a1b2c3',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: `scanner@${GCP_PROJECT}.iam.gserviceaccount.com`,
    client_id: '100000000000000000001',
    token_uri: tokenUri,
  };
  return {
    json: JSON.stringify(key),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export function cleanGcpState(publicKey: string): GcpFakeState {
  return {
    projectId: GCP_PROJECT,
    publicKey,
    networks: [
      {
        kind: 'compute#network',
        name: 'prod-vpc',
        selfLink: GCP_IDS.network,
        autoCreateSubnetworks: false,
      },
    ],
    firewalls: [
      firewall('allow-https', [{ IPProtocol: 'tcp', ports: ['443'] }], ['0.0.0.0/0'], {
        targetTags: ['web'],
      }),
      firewall('allow-ssh-office', [{ IPProtocol: 'tcp', ports: ['22'] }], ['203.0.113.0/24']),
    ],
    instances: {
      'europe-west1-b': [
        {
          kind: 'compute#instance',
          name: 'web-1',
          selfLink: GCP_IDS.instance,
          zone: `${COMPUTE}/zones/europe-west1-b`,
          status: 'RUNNING',
          tags: { items: ['web'] },
          networkInterfaces: [{ name: 'nic0', network: GCP_IDS.network, networkIP: '10.0.0.2' }],
          serviceAccounts: [
            { email: WEB_SA, scopes: ['https://www.googleapis.com/auth/cloud-platform'] },
          ],
          metadata: {
            items: [
              { key: 'enable-oslogin', value: 'TRUE' },
              { key: 'block-project-ssh-keys', value: 'TRUE' },
            ],
          },
          canIpForward: false,
          shieldedInstanceConfig: {
            enableSecureBoot: true,
            enableVtpm: true,
            enableIntegrityMonitoring: true,
          },
        },
      ],
    },
    buckets: [
      {
        bucket: {
          kind: 'storage#bucket',
          name: 'netguard-logs',
          id: 'netguard-logs',
          selfLink: GCP_IDS.bucket,
          location: 'EU',
          iamConfiguration: {
            uniformBucketLevelAccess: { enabled: true },
            publicAccessPrevention: 'enforced',
          },
          versioning: { enabled: true },
          retentionPolicy: { retentionPeriod: '2592000', effectiveTime: '2026-01-01T00:00:00Z' },
          logging: { logBucket: 'netguard-access-logs', logObjectPrefix: 'netguard-logs' },
          softDeletePolicy: { retentionDurationSeconds: '604800' },
        },
        policy: {
          version: 1,
          etag: 'CAE=',
          bindings: [
            { role: 'roles/storage.objectViewer', members: ['group:auditors@example.com'] },
          ],
        },
      },
    ],
    projectPolicy: {
      version: 1,
      etag: 'BwYAAAAAAAA=',
      bindings: [
        { role: 'roles/viewer', members: ['user:alice@example.com'] },
        { role: 'roles/storage.objectViewer', members: [`serviceAccount:${WEB_SA}`] },
      ],
      auditConfigs: [
        {
          service: 'allServices',
          auditLogConfigs: [
            { logType: 'ADMIN_READ' },
            { logType: 'DATA_READ' },
            { logType: 'DATA_WRITE' },
          ],
        },
      ],
    },
    serviceAccounts: [
      {
        account: {
          name: `projects/${GCP_PROJECT}/serviceAccounts/${WEB_SA}`,
          email: WEB_SA,
          projectId: GCP_PROJECT,
          uniqueId: '1001',
        },
        keys: [
          {
            name: GCP_IDS.key,
            validAfterTime: '2026-05-20T00:00:00Z',
            validBeforeTime: '9999-12-31T23:59:59Z',
            keyType: 'USER_MANAGED',
          },
          {
            name: `${GCP_IDS.key}-system`,
            validAfterTime: '2024-01-01T00:00:00Z',
            keyType: 'SYSTEM_MANAGED',
          },
        ],
      },
    ],
    sqlInstances: [
      sqlInstance('prod-db', GCP_IDS.sql, 'POSTGRES_16', [
        { name: 'log_connections', value: 'on' },
        { name: 'log_disconnections', value: 'on' },
      ]),
      sqlInstance('shop-db', GCP_IDS.mysql, 'MYSQL_8_0', [
        { name: 'local_infile', value: 'off' },
        { name: 'skip_show_database', value: 'on' },
      ]),
      sqlInstance('erp-db', GCP_IDS.sqlserver, 'SQLSERVER_2022_STANDARD', [
        { name: 'cross db ownership chaining', value: 'off' },
      ]),
    ],
  };
}
