// How many resources of each catalog resource type a GCP scan collected (its progress).
import type { GcpData } from './collect.ts';

export const gcpResources = (data: GcpData): Record<string, number> => ({
  gcp_firewall_rule: data.firewalls.length,
  gcp_network: data.networks.length,
  gcp_instance: data.instances.length,
  gcp_project: 1,
  gcp_service_account_key: data.serviceAccounts.reduce((n, s) => n + (s.keys?.length ?? 0), 0),
  gcs_bucket: data.buckets.length,
  cloudsql_instance: data.sqlInstances.length,
});
