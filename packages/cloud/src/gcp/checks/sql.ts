// Cloud SQL: authorized networks open to everyone, public IP, unencrypted connections, backups and
// the database flags of SQL_FLAGS.
import type { sqladmin_v1 } from '@googleapis/sqladmin';
import { GCP_SQL_FLAG_PREFIX, SQL_FLAGS, type SqlFlag } from '../../catalog/gcp-flags.ts';
import { isWorldSource } from '../../shared/ports.ts';
import type { CheckFn, Draft } from '../../shared/run-scan.ts';
import type { GcpData } from '../collect.ts';

type Instance = sqladmin_v1.Schema$DatabaseInstance;

const ENCRYPTED_ONLY = new Set(['ENCRYPTED_ONLY', 'TRUSTED_CLIENT_CERTIFICATE_REQUIRED']);

const publicIps = (i: Instance) =>
  (i.ipAddresses ?? [])
    .filter((a) => a.type === 'PRIMARY' && a.ipAddress)
    .map((a) => a.ipAddress as string);

const draft = (i: Instance, detail: string, evidence: Record<string, unknown>): Draft => ({
  resourceId: i.selfLink ?? i.name ?? '',
  region: i.region ?? 'global',
  detail,
  evidence,
  ...(i.settings?.userLabels ? { tags: i.settings.userLabels } : {}),
  ...(publicIps(i).length ? { publicAddresses: publicIps(i) } : {}),
});

const openNetworks = (i: Instance) =>
  (i.settings?.ipConfiguration?.authorizedNetworks ?? []).filter((n) =>
    isWorldSource(n.value ?? ''),
  );

const sslRequired = (i: Instance) => {
  const ip = i.settings?.ipConfiguration;
  return ENCRYPTED_ONLY.has(ip?.sslMode ?? '') || (!ip?.sslMode && ip?.requireSsl === true);
};

/** The value an instance sets for a database flag, lower-cased; undefined when unset. */
const flagValue = (i: Instance, name: string) =>
  i.settings?.databaseFlags?.find((f) => f.name === name)?.value?.toLowerCase() ?? undefined;

/** A finding for every instance of the flag's engine that does not hold the safe value. */
const flagCheck =
  (f: SqlFlag): CheckFn<GcpData> =>
  (data) =>
    data.sqlInstances
      .filter((i) => (i.databaseVersion ?? '').startsWith(f.engine))
      .filter((i) => {
        const value = flagValue(i, f.flag);
        return value === undefined ? !f.unsetIsSafe : value !== f.safe;
      })
      .map((i) =>
        draft(i, `Cloud SQL instance ${i.name} has ${f.flag} ${flagValue(i, f.flag) ?? 'unset'}.`, {
          flag: f.flag,
          value: flagValue(i, f.flag) ?? null,
          safe: f.safe,
        }),
      );

const flagChecks = Object.fromEntries(
  SQL_FLAGS.map((f) => [`${GCP_SQL_FLAG_PREFIX}_${f.key}`, flagCheck(f)]),
);

export const sqlChecks: Record<string, CheckFn<GcpData>> = {
  gcp_sql_open_authorized_network: (data) =>
    data.sqlInstances
      .filter((i) => i.settings?.ipConfiguration?.ipv4Enabled && openNetworks(i).length)
      .map((i) =>
        draft(
          i,
          `Cloud SQL instance ${i.name} authorizes ${openNetworks(i)
            .map((n) => n.value)
            .join(', ')}.`,
          {
            authorizedNetworks: openNetworks(i),
          },
        ),
      ),
  gcp_sql_public_ip: (data) =>
    data.sqlInstances
      .filter((i) => i.settings?.ipConfiguration?.ipv4Enabled)
      .map((i) => draft(i, `Cloud SQL instance ${i.name} has a public IP.`, { ipv4Enabled: true })),
  gcp_sql_ssl_not_required: (data) =>
    data.sqlInstances
      .filter((i) => !sslRequired(i))
      .map((i) =>
        draft(i, `Cloud SQL instance ${i.name} accepts unencrypted connections.`, {
          sslMode: i.settings?.ipConfiguration?.sslMode ?? null,
          requireSsl: i.settings?.ipConfiguration?.requireSsl ?? null,
        }),
      ),
  gcp_sql_backups_off: (data) =>
    data.sqlInstances
      .filter((i) => i.settings?.backupConfiguration?.enabled !== true)
      .map((i) =>
        draft(i, `Cloud SQL instance ${i.name} has automated backups off.`, {
          backupsEnabled: false,
        }),
      ),
  ...flagChecks,
};
