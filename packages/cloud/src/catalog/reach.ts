// Checks whose finding itself says the resource is open to the internet: anonymous or public
// access to its data, or an endpoint that accepts any source. The server assesses their findings
// as internet-exposed (apps/server cloud.reach.ts); findings that name public addresses or ports
// open to any source are exposed whatever their check.

/** Check ids whose finding means public access from the internet. */
export const PUBLIC_ACCESS_CHECKS: ReadonlySet<string> = new Set([
  // AWS
  'aws_s3_bucket_policy_public',
  'aws_s3_bucket_acl_public',
  'aws_ec2_ebs_snapshot_public',
  'aws_ec2_ami_public',
  'aws_rds_instance_public',
  'aws_rds_snapshot_public',
  'aws_ec2_instance_public_ip',
  'aws_cloudtrail_bucket_public',
  'aws_kms_key_policy_public',
  'aws_sns_topic_public',
  'aws_sqs_queue_public',
  'aws_lambda_function_url_public',
  'aws_lambda_function_public',
  'aws_ecr_repository_public',
  'aws_iam_role_trust_public',
  // Azure
  'azure_storage_public_blob',
  'azure_kv_public_network',
  'azure_sql_firewall_open',
  'azure_storage_default_network_allow',
  // GCP
  'gcp_bucket_public',
  'gcp_iam_public_binding',
  'gcp_vm_public_ip',
  'gcp_sql_public_ip',
  'gcp_sql_open_authorized_network',
]);
