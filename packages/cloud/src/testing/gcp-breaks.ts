// One misconfiguration per GCP check, applied to the clean state of gcp-state.ts, and the
// resource whose finding it must cause.

import { GCP_SQL_FLAG_PREFIX, SQL_FLAGS } from '../catalog/gcp-flags.ts';
import type { GcpFakeState } from './gcp-fake.ts';
import { firewall, firewallId, GCP_IDS } from './gcp-state.ts';
import { addTwin, type Json, set, twinId } from './scan-harness.ts';

type State = GcpFakeState;

export const web = (s: State) => s.instances['europe-west1-b']?.[0] as Json;
export const bucket = (s: State) => s.buckets[0]?.bucket as Json;
export const bindings = (s: State) => s.projectPolicy.bindings as Json[];
export const sqlIp = (s: State) =>
  ((s.sqlInstances[0] as Json).settings as Json).ipConfiguration as Json;
export const openFirewall = (
  s: State,
  name: string,
  allowed: { IPProtocol: string; ports?: string[] }[],
  source = '0.0.0.0/0',
) => s.firewalls.push(firewall(name, allowed, [source]));
export const tcp = (...ports: string[]) => [{ IPProtocol: 'tcp', ports }];
export const givePublicIp = (s: State) =>
  set((web(s).networkInterfaces as Json[])[0], 'accessConfigs', [
    { type: 'ONE_TO_ONE_NAT', natIP: '192.0.2.10' },
  ]);

const zone = (s: State) => s.instances['europe-west1-b'] as Json[];
/** A look-alike of web-1 with one change; web-1 stays clean beside it. */
const twinVm = (s: State, change: (vm: Json) => unknown) => addTwin(zone(s), 'selfLink', change);
const metadataItem = (vm: Json, key: string) =>
  ((vm.metadata as Json).items as Json[]).find((m) => m.key === key);
/** A look-alike of the bucket (and its policy) with one change to the bucket. */
const twinBucket = (s: State, change: (b: Json) => unknown) => {
  const copy = structuredClone(s.buckets[0]);
  if (!copy) return;
  const b = copy.bucket as Json;
  b.selfLink = twinId(String(b.selfLink));
  b.name = b.id = `${b.name}-twin`;
  change(b);
  s.buckets.push(copy);
};

const SQL_OF_ENGINE = { POSTGRES: 0, MYSQL: 1, SQLSERVER: 2 } as const;
const SQL_ID_OF_ENGINE = {
  POSTGRES: GCP_IDS.sql,
  MYSQL: GCP_IDS.mysql,
  SQLSERVER: GCP_IDS.sqlserver,
};
/** The unsafe value of each flag, on a look-alike of the clean instance of its engine. */
const FLAG_BREAKS = Object.fromEntries(
  SQL_FLAGS.map((f) => [
    `${GCP_SQL_FLAG_PREFIX}_${f.key}`,
    [
      (s: State) =>
        addTwin(
          s.sqlInstances as Json[],
          'selfLink',
          (copy) => {
            const settings = copy.settings as Json;
            const others = (settings.databaseFlags as Json[]).filter((x) => x.name !== f.flag);
            settings.databaseFlags = [
              ...others,
              { name: f.flag, value: f.safe === 'on' ? 'off' : 'on' },
            ];
          },
          SQL_OF_ENGINE[f.engine],
        ),
      twinId(SQL_ID_OF_ENGINE[f.engine]),
    ],
  ]),
) as Record<string, [(s: State) => unknown, string]>;

/** One misconfiguration per check, and the resource its finding must name. */
export const GCP_BREAKS: Record<string, [(s: State) => unknown, string]> = {
  gcp_fw_open_ssh: [(s) => openFirewall(s, 'ssh-any', tcp('22')), firewallId('ssh-any')],
  gcp_fw_open_rdp: [(s) => openFirewall(s, 'rdp-any', tcp('3389'), '::/0'), firewallId('rdp-any')],
  gcp_fw_open_mssql: [(s) => openFirewall(s, 'db-range', tcp('1400-1500')), firewallId('db-range')],
  gcp_fw_open_mysql: [(s) => openFirewall(s, 'mysql', tcp('3306')), firewallId('mysql')],
  gcp_fw_open_postgres: [(s) => openFirewall(s, 'pg', tcp('5432')), firewallId('pg')],
  gcp_fw_open_redis: [(s) => openFirewall(s, 'redis', tcp('6379')), firewallId('redis')],
  gcp_fw_open_mongodb: [
    (s) => openFirewall(s, 'mongo', [{ IPProtocol: 'tcp' }]),
    firewallId('mongo'),
  ],
  gcp_fw_open_all_ports: [
    (s) => openFirewall(s, 'everything', [{ IPProtocol: 'all' }]),
    firewallId('everything'),
  ],
  gcp_default_network: [
    (s) =>
      s.networks.push({
        name: 'default',
        selfLink: GCP_IDS.defaultNetwork,
        autoCreateSubnetworks: true,
      }),
    GCP_IDS.defaultNetwork,
  ],
  gcp_vm_public_ip: [givePublicIp, GCP_IDS.instance],
  gcp_vm_default_sa_full_scope: [
    (s) =>
      set(web(s), 'serviceAccounts', [
        {
          email: '123456789012-compute@developer.gserviceaccount.com',
          scopes: ['https://www.googleapis.com/auth/cloud-platform'],
        },
      ]),
    GCP_IDS.instance,
  ],
  gcp_vm_serial_port: [
    (s) =>
      ((web(s).metadata as Json).items as Json[]).push({
        key: 'serial-port-enable',
        value: 'TRUE',
      }),
    GCP_IDS.instance,
  ],
  gcp_bucket_public: [
    (s) =>
      ((s.buckets[0] as { policy: Json }).policy.bindings as Json[]).push({
        role: 'roles/storage.objectViewer',
        members: ['allUsers'],
      }),
    GCP_IDS.bucket,
  ],
  gcp_bucket_uniform_access_off: [
    (s) => set(bucket(s), 'iamConfiguration', { uniformBucketLevelAccess: { enabled: false } }),
    GCP_IDS.bucket,
  ],
  gcp_bucket_versioning_off: [
    (s) => set(bucket(s), 'versioning', { enabled: false }),
    GCP_IDS.bucket,
  ],
  gcp_bucket_no_retention: [(s) => set(bucket(s), 'retentionPolicy', undefined), GCP_IDS.bucket],
  gcp_iam_primitive_role_user: [
    (s) => bindings(s).push({ role: 'roles/owner', members: ['user:bob@example.com'] }),
    GCP_IDS.project,
  ],
  gcp_iam_public_binding: [
    (s) => bindings(s).push({ role: 'roles/viewer', members: ['allAuthenticatedUsers'] }),
    GCP_IDS.project,
  ],
  gcp_iam_sa_admin_role: [
    (s) =>
      bindings(s).push({
        role: 'roles/iam.serviceAccountAdmin',
        members: [`serviceAccount:${GCP_IDS.webServiceAccount}`],
      }),
    GCP_IDS.project,
  ],
  gcp_iam_sa_key_old: [
    (s) => set(s.serviceAccounts[0]?.keys[0], 'validAfterTime', '2026-02-01T00:00:00Z'),
    GCP_IDS.key,
  ],
  gcp_sql_open_authorized_network: [
    (s) =>
      Object.assign(sqlIp(s), {
        ipv4Enabled: true,
        authorizedNetworks: [{ kind: 'sql#aclEntry', name: 'all', value: '0.0.0.0/0' }],
      }),
    GCP_IDS.sql,
  ],
  gcp_sql_public_ip: [(s) => set(sqlIp(s), 'ipv4Enabled', true), GCP_IDS.sql],
  gcp_sql_ssl_not_required: [
    (s) => set(sqlIp(s), 'sslMode', 'ALLOW_UNENCRYPTED_AND_ENCRYPTED'),
    GCP_IDS.sql,
  ],
  gcp_sql_backups_off: [
    (s) =>
      set((s.sqlInstances[0] as Json).settings as Json, 'backupConfiguration', { enabled: false }),
    GCP_IDS.sql,
  ],
  gcp_vm_shielded_vm_off: [
    (s) => twinVm(s, (vm) => set(vm.shieldedInstanceConfig as Json, 'enableSecureBoot', false)),
    twinId(GCP_IDS.instance),
  ],
  gcp_vm_ip_forwarding: [
    (s) => twinVm(s, (vm) => set(vm, 'canIpForward', true)),
    twinId(GCP_IDS.instance),
  ],
  gcp_vm_project_ssh_keys: [
    (s) => twinVm(s, (vm) => set(metadataItem(vm, 'block-project-ssh-keys'), 'value', 'FALSE')),
    twinId(GCP_IDS.instance),
  ],
  gcp_vm_os_login_off: [
    (s) => twinVm(s, (vm) => set(metadataItem(vm, 'enable-oslogin'), 'value', 'FALSE')),
    twinId(GCP_IDS.instance),
  ],
  gcp_vm_default_sa: [
    (s) =>
      twinVm(s, (vm) =>
        set(vm, 'serviceAccounts', [
          { email: '123456789012-compute@developer.gserviceaccount.com', scopes: [] },
        ]),
      ),
    twinId(GCP_IDS.instance),
  ],
  gcp_bucket_logging_off: [
    (s) => twinBucket(s, (b) => set(b, 'logging', undefined)),
    twinId(GCP_IDS.bucket),
  ],
  gcp_bucket_soft_delete_off: [
    (s) => twinBucket(s, (b) => set(b, 'softDeletePolicy', { retentionDurationSeconds: '0' })),
    twinId(GCP_IDS.bucket),
  ],
  gcp_iam_sa_user_project_level: [
    (s) =>
      bindings(s).push({
        role: 'roles/iam.serviceAccountTokenCreator',
        members: ['group:deployers@example.com'],
      }),
    GCP_IDS.project,
  ],
  gcp_iam_audit_logs_off: [
    (s) =>
      set(s.projectPolicy, 'auditConfigs', [
        { service: 'storage.googleapis.com', auditLogConfigs: [{ logType: 'DATA_READ' }] },
      ]),
    GCP_IDS.project,
  ],
  ...FLAG_BREAKS,
};
