// Reads what the wanted GCP checks need for one project, each operation through the recorder.
// A failed read leaves its dataset empty and its checks listed in the gap.
import type { cloudresourcemanager_v1 } from '@googleapis/cloudresourcemanager';
import type { compute_v1 } from '@googleapis/compute';
import type { iam_v1 } from '@googleapis/iam';
import type { sqladmin_v1 } from '@googleapis/sqladmin';
import type { storage_v1 } from '@googleapis/storage';
import type { CallRecorder } from '../calls.ts';
import { GCP_CHECKS } from '../catalog/gcp.ts';
import { type Reader, readerFor } from '../shared/collector.ts';
import { authorize, type GcpClients } from './clients.ts';

export type Policy = { bindings?: { role?: string | null; members?: string[] | null }[] | null };
export type BucketState = { bucket: storage_v1.Schema$Bucket; policy?: Policy };
export type ServiceAccountState = {
  account: iam_v1.Schema$ServiceAccount;
  keys?: iam_v1.Schema$ServiceAccountKey[];
};

export type GcpData = {
  project: string;
  /** When the data was read; key ages are measured from it. */
  now: Date;
  firewalls: compute_v1.Schema$Firewall[];
  networks: compute_v1.Schema$Network[];
  instances: compute_v1.Schema$Instance[];
  buckets: BucketState[];
  projectPolicy?: cloudresourcemanager_v1.Schema$Policy;
  serviceAccounts: ServiceAccountState[];
  sqlInstances: sqladmin_v1.Schema$DatabaseInstance[];
};

type Page<T> = { items?: T[]; nextPageToken?: string | null };

/** Follows nextPageToken to the end. */
async function allPages<T>(fetch: (pageToken?: string) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  let token: string | undefined;
  do {
    const page = await fetch(token);
    items.push(...(page.items ?? []));
    token = page.nextPageToken ?? undefined;
  } while (token);
  return items;
}

const idsOf = (service: string) => GCP_CHECKS.filter((c) => c.service === service).map((c) => c.id);
const computeIds = idsOf('compute');
const firewallIds = computeIds.filter((id) => id.startsWith('gcp_fw_'));

export async function collectGcp(
  clients: GcpClients,
  project: string,
  recorder: CallRecorder,
  wanted: Set<string>,
  now: Date,
): Promise<GcpData> {
  const read = readerFor(recorder, wanted);
  // One token before the reads, so that refused credentials are one gap with Google's reason.
  const token = await read(
    { service: 'oauth2', region: 'global', operation: 'jwt.authorize', checks: [...wanted] },
    () => authorize(clients),
  );
  if (!token)
    return {
      project,
      now,
      firewalls: [],
      networks: [],
      instances: [],
      buckets: [],
      serviceAccounts: [],
      sqlInstances: [],
    };
  const global = (service: string, operation: string, checks: string[]) => ({
    service,
    region: 'global',
    operation,
    checks,
  });
  const { compute, storage, resourceManager, sql } = clients;
  const [firewalls, networks, instances, buckets, projectPolicy, serviceAccounts, sqlInstances] =
    await Promise.all([
      read(global('compute', 'firewalls.list', firewallIds), (signal) =>
        allPages((pageToken) =>
          compute.firewalls.list({ project, pageToken }, { signal }).then((r) => r.data),
        ),
      ),
      read(global('compute', 'networks.list', ['gcp_default_network']), (signal) =>
        allPages((pageToken) =>
          compute.networks.list({ project, pageToken }, { signal }).then((r) => r.data),
        ),
      ),
      read(
        global('compute', 'instances.aggregatedList', [
          ...firewallIds,
          ...computeIds.filter((id) => id.startsWith('gcp_vm_')),
        ]),
        (signal) =>
          allPages((pageToken) =>
            compute.instances.aggregatedList({ project, pageToken }, { signal }).then((r) => ({
              items: Object.values(r.data.items ?? {}).flatMap((scoped) => scoped.instances ?? []),
              nextPageToken: r.data.nextPageToken,
            })),
          ),
      ),
      read(global('storage', 'buckets.list', idsOf('storage')), (signal) =>
        allPages((pageToken) =>
          storage.buckets.list({ project, pageToken }, { signal }).then((r) => r.data),
        ),
      ),
      read(
        global(
          'cloudresourcemanager',
          'projects.getIamPolicy',
          idsOf('iam').filter((id) => id !== 'gcp_iam_sa_key_old'),
        ),
        (signal) =>
          resourceManager.projects
            .getIamPolicy({ resource: project, requestBody: {} }, { signal })
            .then((r) => r.data),
      ),
      read(global('iam', 'projects.serviceAccounts.list', ['gcp_iam_sa_key_old']), (signal) =>
        allPages((pageToken) =>
          clients.iam.projects.serviceAccounts
            .list({ name: `projects/${project}`, pageToken }, { signal })
            .then((r) => ({ items: r.data.accounts ?? [], nextPageToken: r.data.nextPageToken })),
        ),
      ),
      read(global('sqladmin', 'instances.list', idsOf('sqladmin')), (signal) =>
        allPages((pageToken) =>
          sql.instances.list({ project, pageToken }, { signal }).then((r) => r.data),
        ),
      ),
    ]);
  return {
    project,
    now,
    firewalls: firewalls ?? [],
    networks: networks ?? [],
    instances: instances ?? [],
    buckets: await Promise.all((buckets ?? []).map((bucket) => bucketState(clients, bucket, read))),
    ...(projectPolicy ? { projectPolicy } : {}),
    serviceAccounts: await Promise.all(
      (serviceAccounts ?? []).map((account) => accountState(clients, account, read)),
    ),
    sqlInstances: sqlInstances ?? [],
  };
}

async function bucketState(
  clients: GcpClients,
  bucket: storage_v1.Schema$Bucket,
  read: Reader,
): Promise<BucketState> {
  const spec = {
    service: 'storage',
    region: bucket.location?.toLowerCase() ?? 'global',
    operation: 'buckets.getIamPolicy',
    checks: ['gcp_bucket_public'],
  };
  const policy = await read(spec, (signal) =>
    clients.storage.buckets
      .getIamPolicy({ bucket: bucket.name ?? '' }, { signal })
      .then((r) => r.data),
  );
  return { bucket, ...(policy ? { policy } : {}) };
}

async function accountState(
  clients: GcpClients,
  account: iam_v1.Schema$ServiceAccount,
  read: Reader,
): Promise<ServiceAccountState> {
  const spec = {
    service: 'iam',
    region: 'global',
    operation: 'projects.serviceAccounts.keys.list',
    checks: ['gcp_iam_sa_key_old'],
  };
  const keys = await read(spec, (signal) =>
    clients.iam.projects.serviceAccounts.keys
      .list({ name: account.name ?? '', keyTypes: ['USER_MANAGED'] }, { signal })
      .then((r) => r.data.keys ?? []),
  );
  return { account, ...(keys ? { keys } : {}) };
}
