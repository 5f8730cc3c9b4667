// GCP checks as data. Texts that name a port come from EXPOSED_SERVICES (exposureCatalog).
import { exposureCatalog } from '../shared/exposure-catalog.ts';
import { frameworks } from '../shared/frameworks.ts';
import type { CheckMeta } from '../types.ts';
import { sqlFlagChecks } from './gcp-flags.ts';
import { moreCompute, moreIam, moreStorage } from './gcp-more.ts';

type Entry = Omit<CheckMeta, 'provider'>;
const gcp = (entry: Entry): CheckMeta => ({ provider: 'gcp', ...entry });

export const GCP_FIREWALL_PREFIX = 'gcp_fw_open';
/** Service-account keys older than this are findings. */
export const GCP_KEY_MAX_AGE_DAYS = 90;

const firewall = exposureCatalog({
  provider: 'gcp',
  idPrefix: GCP_FIREWALL_PREFIX,
  service: 'compute',
  resourceType: 'gcp_firewall_rule',
  subject: 'VPC firewall rule',
  remediation:
    'Limit the rule opening port {port} to known source ranges, or reach the machines through IAP TCP forwarding or a VPN.',
  cli: (port) =>
    `gcloud compute firewall-rules update <rule> --source-ranges=<trusted-cidr> --rules=tcp:${port === '*' ? '<ports>' : port}`,
});

const compute: CheckMeta[] = [
  gcp({
    id: 'gcp_default_network',
    service: 'compute',
    resourceType: 'gcp_network',
    title: 'The default VPC network exists',
    severity: 'medium',
    description:
      'The project still has the auto-created "default" network with its permissive pre-populated firewall rules.',
    risk: 'The default network opens SSH, RDP and ICMP from anywhere and internal traffic between all subnets; new machines land in it unless told otherwise.',
    remediation:
      'Create custom networks with explicit firewall rules, move workloads to them and delete the default network.',
    cli: 'gcloud compute networks delete default',
    frameworks: frameworks('secureConfiguration'),
  }),
  gcp({
    id: 'gcp_vm_public_ip',
    service: 'compute',
    resourceType: 'gcp_instance',
    title: 'VM instance has a public IP address',
    severity: 'medium',
    description: 'A network interface of the instance has an external (NAT) IP address.',
    risk: 'The machine is directly addressable from the internet; any firewall mistake exposes its services.',
    remediation:
      'Remove the access config and use Cloud NAT for egress and IAP or a load balancer for ingress.',
    cli: 'gcloud compute instances delete-access-config <instance> --zone=<zone> --access-config-name="external-nat"',
    frameworks: frameworks('networkExposure'),
  }),
  gcp({
    id: 'gcp_vm_default_sa_full_scope',
    service: 'compute',
    resourceType: 'gcp_instance',
    title: 'VM runs as the default service account with full API access',
    severity: 'high',
    description:
      'The instance uses the Compute Engine default service account with the cloud-platform scope.',
    risk: 'The default account usually holds Editor on the project; anyone who gets code execution on the VM can change almost anything in the project.',
    remediation: 'Run the instance as a dedicated service account with only the roles it needs.',
    cli: 'gcloud compute instances set-service-account <instance> --zone=<zone> --service-account=<sa-email> --scopes=cloud-platform',
    frameworks: frameworks('leastPrivilege'),
  }),
  gcp({
    id: 'gcp_vm_serial_port',
    service: 'compute',
    resourceType: 'gcp_instance',
    title: 'VM has the interactive serial console enabled',
    severity: 'medium',
    description: 'The instance metadata sets serial-port-enable to true.',
    risk: 'The serial console accepts connections from any IP address and bypasses the VPC firewall.',
    remediation: 'Set serial-port-enable to false in the instance metadata.',
    cli: 'gcloud compute instances add-metadata <instance> --zone=<zone> --metadata=serial-port-enable=FALSE',
    frameworks: frameworks('secureConfiguration'),
  }),
  ...moreCompute,
];

const storage: CheckMeta[] = [
  gcp({
    id: 'gcp_bucket_public',
    service: 'storage',
    resourceType: 'gcs_bucket',
    title: 'Cloud Storage bucket is public',
    severity: 'critical',
    description: 'The bucket IAM policy grants a role to allUsers or allAuthenticatedUsers.',
    risk: 'Anyone on the internet (or with any Google account) can read, and with some roles write, the objects.',
    remediation:
      'Remove allUsers and allAuthenticatedUsers from the bucket policy and enforce public access prevention.',
    cli: 'gcloud storage buckets update gs://<bucket> --public-access-prevention',
    frameworks: frameworks('publicData'),
  }),
  gcp({
    id: 'gcp_bucket_uniform_access_off',
    service: 'storage',
    resourceType: 'gcs_bucket',
    title: 'Bucket does not use uniform bucket-level access',
    severity: 'medium',
    description: 'Object ACLs are in effect next to the bucket IAM policy.',
    risk: 'Per-object ACLs can make single objects public without any change to the bucket policy, and are hard to audit.',
    remediation: 'Enable uniform bucket-level access.',
    cli: 'gcloud storage buckets update gs://<bucket> --uniform-bucket-level-access',
    frameworks: frameworks('leastPrivilege'),
  }),
  gcp({
    id: 'gcp_bucket_versioning_off',
    service: 'storage',
    resourceType: 'gcs_bucket',
    title: 'Bucket versioning is off',
    severity: 'low',
    description: 'Object versioning is not enabled on the bucket.',
    risk: 'An overwritten or deleted object (by mistake or by ransomware) cannot be recovered.',
    remediation: 'Enable object versioning, with a lifecycle rule that expires old versions.',
    cli: 'gcloud storage buckets update gs://<bucket> --versioning',
    frameworks: frameworks('recovery'),
  }),
  gcp({
    id: 'gcp_bucket_no_retention',
    service: 'storage',
    resourceType: 'gcs_bucket',
    title: 'Bucket has no retention policy',
    severity: 'low',
    description: 'No retention period protects objects from deletion.',
    risk: 'Records that must be kept (logs, evidence) can be deleted before their retention period ends.',
    remediation:
      'Set a retention policy matching your record-keeping obligations, and lock it where required.',
    cli: 'gcloud storage buckets update gs://<bucket> --retention-period=<duration>',
    frameworks: frameworks('recovery'),
  }),
  ...moreStorage,
];

const iam: CheckMeta[] = [
  gcp({
    id: 'gcp_iam_primitive_role_user',
    service: 'iam',
    resourceType: 'gcp_project',
    title: 'Users hold the primitive Owner or Editor role',
    severity: 'high',
    description: 'The project IAM policy grants roles/owner or roles/editor to user accounts.',
    risk: 'Primitive roles grant thousands of permissions across every service; a phished user account controls the project.',
    remediation: 'Replace primitive roles with predefined roles scoped to what each person does.',
    cli: 'gcloud projects remove-iam-policy-binding <project> --member=user:<email> --role=roles/editor',
    frameworks: frameworks('leastPrivilege'),
  }),
  gcp({
    id: 'gcp_iam_public_binding',
    service: 'iam',
    resourceType: 'gcp_project',
    title: 'Project IAM policy grants a role to everyone',
    severity: 'critical',
    description: 'A project binding names allUsers or allAuthenticatedUsers.',
    risk: 'Anyone on the internet holds the role on every resource of the project.',
    remediation: 'Remove allUsers and allAuthenticatedUsers from the project policy.',
    cli: 'gcloud projects remove-iam-policy-binding <project> --member=allUsers --role=<role>',
    frameworks: frameworks('publicData'),
  }),
  gcp({
    id: 'gcp_iam_sa_key_old',
    service: 'iam',
    resourceType: 'gcp_service_account_key',
    title: `User-managed service-account key is older than ${GCP_KEY_MAX_AGE_DAYS} days`,
    severity: 'medium',
    description: `A user-managed key was created more than ${GCP_KEY_MAX_AGE_DAYS} days ago.`,
    risk: 'Long-lived keys get copied to laptops, CI systems and repositories; the longer one lives, the likelier it has leaked.',
    remediation:
      'Rotate the key, or better, replace keys with workload identity federation or attached service accounts.',
    cli: 'gcloud iam service-accounts keys delete <key-id> --iam-account=<sa-email>',
    frameworks: frameworks('credentials'),
  }),
  gcp({
    id: 'gcp_iam_sa_admin_role',
    service: 'iam',
    resourceType: 'gcp_project',
    title: 'Service accounts hold admin or primitive roles',
    severity: 'high',
    description:
      'The project IAM policy grants roles/owner, roles/editor or an *Admin role to service accounts.',
    risk: 'Whoever can act as the service account (its keys, the VMs or functions running as it) can administer the project.',
    remediation: 'Grant service accounts only the predefined roles their workload needs.',
    cli: 'gcloud projects remove-iam-policy-binding <project> --member=serviceAccount:<sa-email> --role=<role>',
    frameworks: frameworks('leastPrivilege'),
  }),
  ...moreIam,
];

const sql: CheckMeta[] = [
  gcp({
    id: 'gcp_sql_open_authorized_network',
    service: 'sqladmin',
    resourceType: 'cloudsql_instance',
    title: 'Cloud SQL instance authorizes 0.0.0.0/0',
    severity: 'critical',
    description: 'An authorized network of the instance is 0.0.0.0/0.',
    risk: 'The database accepts connections from any address; only its passwords protect the data.',
    remediation:
      'Remove the 0.0.0.0/0 authorized network; connect through the Cloud SQL Auth Proxy or private IP.',
    cli: 'gcloud sql instances patch <instance> --clear-authorized-networks',
    frameworks: frameworks('networkExposure'),
  }),
  gcp({
    id: 'gcp_sql_public_ip',
    service: 'sqladmin',
    resourceType: 'cloudsql_instance',
    title: 'Cloud SQL instance has a public IP address',
    severity: 'medium',
    description: 'The instance has IPv4 (public IP) connectivity enabled.',
    risk: 'The database is addressable from the internet; one broad authorized network exposes it.',
    remediation: 'Use private IP only and disable the public IP.',
    cli: 'gcloud sql instances patch <instance> --no-assign-ip',
    frameworks: frameworks('networkExposure'),
  }),
  gcp({
    id: 'gcp_sql_ssl_not_required',
    service: 'sqladmin',
    resourceType: 'cloudsql_instance',
    title: 'Cloud SQL instance accepts unencrypted connections',
    severity: 'high',
    description: 'The instance does not require SSL/TLS for connections.',
    risk: 'Credentials and query results can cross the network in clear text.',
    remediation: 'Require encrypted connections (ssl mode ENCRYPTED_ONLY or client certificates).',
    cli: 'gcloud sql instances patch <instance> --ssl-mode=ENCRYPTED_ONLY',
    frameworks: frameworks('encryptionInTransit'),
  }),
  gcp({
    id: 'gcp_sql_backups_off',
    service: 'sqladmin',
    resourceType: 'cloudsql_instance',
    title: 'Cloud SQL automated backups are off',
    severity: 'medium',
    description: 'Automated backups are disabled on the instance.',
    risk: 'Deleted or corrupted data cannot be restored.',
    remediation: 'Enable automated backups (and point-in-time recovery).',
    cli: 'gcloud sql instances patch <instance> --backup-start-time=02:00',
    frameworks: frameworks('recovery'),
  }),
];

export const GCP_CHECKS: CheckMeta[] = [
  ...firewall,
  ...compute,
  ...storage,
  ...iam,
  ...sql,
  ...sqlFlagChecks,
];

/** The spec's gcp-security-scan services (part 2), each with its scanType and the checks it runs. */
export const GCP_SCAN_SERVICES = {
  'compute-engine': {
    scanType: 'firewall_rules',
    checks: [...firewall, ...compute].map((c) => c.id),
  },
  'cloud-storage': { scanType: 'bucket_permissions', checks: storage.map((c) => c.id) },
  iam: { scanType: 'policy_bindings', checks: iam.map((c) => c.id) },
} as const;
