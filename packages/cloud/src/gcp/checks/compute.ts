// Compute Engine: the default network, and instances with external IPs, the default service
// account (at full scope or at all), the serial console, no Shielded VM, IP forwarding, project
// SSH keys or no OS Login.
import type { compute_v1 } from '@googleapis/compute';
import { failingOver } from '../../shared/failing.ts';
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

/** Whether an instance's metadata sets `key` to true. */
const metadataOn = (instance: Instance, key: string) =>
  (instance.metadata?.items ?? []).some(
    (m) => m.key === key && TRUE.has(String(m.value).toLowerCase()),
  );

/** A finding for every instance that fails. */
const instanceCheck = failingOver((data: GcpData) => data.instances, draft);

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
  gcp_vm_shielded_vm_off: instanceCheck(
    (i) => {
      const c = i.shieldedInstanceConfig;
      return !(c?.enableSecureBoot && c.enableVtpm && c.enableIntegrityMonitoring);
    },
    (i) => `Instance ${i.name} does not use every Shielded VM feature.`,
    (i) => ({ shieldedInstanceConfig: i.shieldedInstanceConfig ?? null }),
  ),
  gcp_vm_ip_forwarding: instanceCheck(
    (i) => i.canIpForward === true,
    (i) => `Instance ${i.name} forwards IP packets.`,
    () => ({ canIpForward: true }),
  ),
  gcp_vm_project_ssh_keys: instanceCheck(
    (i) => !metadataOn(i, 'block-project-ssh-keys'),
    (i) => `Instance ${i.name} accepts project-wide SSH keys.`,
    () => ({ 'block-project-ssh-keys': false }),
  ),
  gcp_vm_os_login_off: instanceCheck(
    (i) => !metadataOn(i, 'enable-oslogin'),
    (i) => `Instance ${i.name} does not use OS Login.`,
    () => ({ 'enable-oslogin': false }),
  ),
  gcp_vm_default_sa: instanceCheck(
    (i) => (i.serviceAccounts ?? []).some((sa) => DEFAULT_SA.test(sa.email ?? '')),
    (i) => `Instance ${i.name} runs as the Compute Engine default service account.`,
    (i) => ({ serviceAccounts: (i.serviceAccounts ?? []).map((sa) => sa.email) }),
  ),
};
