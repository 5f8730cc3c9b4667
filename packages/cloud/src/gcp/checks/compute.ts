// Compute Engine: the default network, and instances with external IPs, the default service
// account at full scope, or the interactive serial console on.
import type { compute_v1 } from '@googleapis/compute';
import type { CheckFn, Draft } from '../../shared/run-scan.ts';
import type { GcpData } from '../collect.ts';

type Instance = compute_v1.Schema$Instance;

const FULL_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
const DEFAULT_SA = /-compute@developer\.gserviceaccount\.com$/;
const TRUE = new Set(['true', '1']);

const zoneOf = (instance: Instance) => instance.zone?.split('/').pop() ?? 'global';
const regionOf = (instance: Instance) => zoneOf(instance).replace(/-[a-z]$/, '');
const natIps = (instance: Instance) =>
  (instance.networkInterfaces ?? [])
    .flatMap((n) => (n.accessConfigs ?? []).map((c) => c.natIP ?? ''))
    .filter(Boolean);

const draft = (instance: Instance, detail: string, evidence: Record<string, unknown>): Draft => {
  const addresses = natIps(instance);
  return {
    resourceId: instance.selfLink ?? instance.name ?? '',
    region: regionOf(instance),
    detail,
    evidence: { zone: zoneOf(instance), ...evidence },
    ...(instance.labels ? { tags: instance.labels } : {}),
    ...(addresses.length ? { publicAddresses: addresses } : {}),
  };
};

export const computeChecks: Record<string, CheckFn<GcpData>> = {
  gcp_default_network: (data) =>
    data.networks
      .filter((n) => n.name === 'default')
      .map((n) => ({
        resourceId: n.selfLink ?? 'default',
        region: 'global',
        detail: `Project ${data.project} still has the default network.`,
        evidence: { autoCreateSubnetworks: n.autoCreateSubnetworks ?? null },
      })),
  gcp_vm_public_ip: (data) =>
    data.instances
      .filter((i) => natIps(i).length)
      .map((i) =>
        draft(i, `Instance ${i.name} has external IP ${natIps(i).join(', ')}.`, {
          natIPs: natIps(i),
        }),
      ),
  gcp_vm_default_sa_full_scope: (data) =>
    data.instances.flatMap((i) => {
      const account = (i.serviceAccounts ?? []).find(
        (sa) => DEFAULT_SA.test(sa.email ?? '') && (sa.scopes ?? []).includes(FULL_SCOPE),
      );
      return account
        ? [
            draft(i, `Instance ${i.name} runs as ${account.email} with the cloud-platform scope.`, {
              serviceAccount: account.email,
              scopes: account.scopes,
            }),
          ]
        : [];
    }),
  gcp_vm_serial_port: (data) =>
    data.instances
      .filter((i) =>
        (i.metadata?.items ?? []).some(
          (m) => m.key === 'serial-port-enable' && TRUE.has(String(m.value).toLowerCase()),
        ),
      )
      .map((i) =>
        draft(i, `Instance ${i.name} has the interactive serial console enabled.`, {
          'serial-port-enable': true,
        }),
      ),
};
