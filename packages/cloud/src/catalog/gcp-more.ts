// GCP compute, IAM and storage checks beyond the first ones (gcp.ts), as data.
import { frameworks } from '../shared/frameworks.ts';
import type { CheckMeta } from '../types.ts';

type Entry = Omit<CheckMeta, 'provider'>;
const gcp = (entry: Entry): CheckMeta => ({ provider: 'gcp', ...entry });

const instance = { service: 'compute', resourceType: 'gcp_instance' } as const;

export const moreCompute: CheckMeta[] = [
  gcp({
    ...instance,
    id: 'gcp_vm_shielded_vm_off',
    title: 'Instance does not use every Shielded VM feature',
    severity: 'medium',
    description: 'Secure Boot, vTPM or integrity monitoring is off on the instance.',
    risk: 'Boot-level malware and rootkits can load unnoticed and persist across restarts.',
    remediation: 'Stop the instance and turn on Secure Boot, vTPM and integrity monitoring.',
    cli: 'gcloud compute instances update <instance> --zone <zone> --shielded-secure-boot --shielded-vtpm --shielded-integrity-monitoring',
    frameworks: frameworks('secureConfiguration'),
  }),
  gcp({
    ...instance,
    id: 'gcp_vm_ip_forwarding',
    title: 'Instance forwards IP packets',
    severity: 'medium',
    description:
      'canIpForward is on: the instance may send and receive packets for other addresses.',
    risk: 'A compromised instance can route or spoof traffic for other machines and bypass network controls.',
    remediation:
      'Recreate the instance with IP forwarding off unless it is a router or NAT appliance.',
    cli: 'gcloud compute instances export <instance> --zone <zone> --destination vm.yaml  # set canIpForward: false, then update-from-file',
    frameworks: frameworks('networkExposure'),
  }),
  gcp({
    ...instance,
    id: 'gcp_vm_project_ssh_keys',
    title: 'Instance accepts project-wide SSH keys',
    severity: 'medium',
    description: 'The metadata key block-project-ssh-keys is not true on the instance.',
    risk: 'Anyone whose key is in the project metadata can log in to this instance too; one leaked key opens every machine.',
    remediation: 'Set block-project-ssh-keys to true and use instance keys or OS Login.',
    cli: 'gcloud compute instances add-metadata <instance> --zone <zone> --metadata block-project-ssh-keys=TRUE',
    frameworks: frameworks('credentials'),
  }),
  gcp({
    ...instance,
    id: 'gcp_vm_os_login_off',
    title: 'Instance does not use OS Login',
    severity: 'medium',
    description: 'The metadata key enable-oslogin is not true on the instance.',
    risk: 'SSH access is managed by keys in metadata instead of IAM: it cannot be revoked centrally or tied to 2-step verification.',
    remediation: 'Set enable-oslogin to true and grant roles/compute.osLogin.',
    cli: 'gcloud compute instances add-metadata <instance> --zone <zone> --metadata enable-oslogin=TRUE',
    frameworks: frameworks('credentials'),
  }),
  gcp({
    ...instance,
    id: 'gcp_vm_default_sa',
    title: 'Instance runs as the Compute Engine default service account',
    severity: 'medium',
    description: 'The instance uses the project default service account (…-compute@developer).',
    risk: 'The default account has the Editor role by default: code on the instance can change most of the project.',
    remediation: 'Attach a dedicated service account with only the roles the workload needs.',
    cli: 'gcloud compute instances set-service-account <instance> --zone <zone> --service-account <sa-email> --scopes cloud-platform',
    frameworks: frameworks('leastPrivilege'),
  }),
];

const project = { service: 'iam', resourceType: 'gcp_project' } as const;

export const moreIam: CheckMeta[] = [
  gcp({
    ...project,
    id: 'gcp_iam_sa_user_project_level',
    title: 'Service Account User or Token Creator granted on the whole project',
    severity: 'medium',
    description:
      'roles/iam.serviceAccountUser or roles/iam.serviceAccountTokenCreator is bound at the project level.',
    risk: 'The member can act as every service account of the project, including privileged ones.',
    remediation: 'Grant these roles on the individual service accounts that need them instead.',
    cli: 'gcloud projects remove-iam-policy-binding <project> --member <member> --role roles/iam.serviceAccountUser',
    frameworks: frameworks('leastPrivilege'),
  }),
  gcp({
    ...project,
    id: 'gcp_iam_audit_logs_off',
    title: 'Data Access audit logs are not on for all services',
    severity: 'medium',
    description:
      'The project IAM policy has no audit config for allServices logging ADMIN_READ, DATA_READ and DATA_WRITE.',
    risk: 'Who read or changed data leaves no trail, so a leak cannot be scoped or investigated.',
    remediation:
      'Enable Data Access audit logs (ADMIN_READ, DATA_READ, DATA_WRITE) for allServices.',
    cli: 'gcloud projects get-iam-policy <project> > policy.yaml  # add auditConfigs for allServices, then gcloud projects set-iam-policy <project> policy.yaml',
    frameworks: frameworks('logging'),
  }),
];

const bucket = { service: 'storage', resourceType: 'gcs_bucket' } as const;

export const moreStorage: CheckMeta[] = [
  gcp({
    ...bucket,
    id: 'gcp_bucket_logging_off',
    title: 'Bucket has no usage logging',
    severity: 'low',
    description: 'The bucket writes no usage and storage logs to a log bucket.',
    risk: 'Requests to the bucket leave no record outside Cloud Audit Logs, which miss anonymous reads.',
    remediation: 'Enable usage logging to a dedicated log bucket.',
    cli: 'gcloud storage buckets update gs://<bucket> --log-bucket=gs://<log-bucket>',
    frameworks: frameworks('logging'),
  }),
  gcp({
    ...bucket,
    id: 'gcp_bucket_soft_delete_off',
    title: 'Bucket has no soft delete',
    severity: 'medium',
    description: 'The soft delete retention of the bucket is zero or unset.',
    risk: 'Deleted or overwritten objects are gone at once; a mistake or ransomware cannot be undone.',
    remediation: 'Set a soft delete retention of at least 7 days.',
    cli: 'gcloud storage buckets update gs://<bucket> --soft-delete-duration=7d',
    frameworks: frameworks('recovery'),
  }),
];
