// The CLI's help, in a module of its own so that `netguard-cloud --help` loads nothing else.
export const USAGE = `Usage: netguard-cloud aws|azure|gcp [options]

Checks the cloud account's configuration (security groups, storage, identity, logging) and
prints the findings.

Options:
  --region R         a region (Azure: location) to scan; repeat or separate with commas
                     (aws default: the credentials' region, e.g. AWS_REGION; azure and
                     gcp default: every one)
  --checks ID,...    only these checks (default: all of the provider's)
  --service NAME     only the checks of one service (aws: ec2, s3, iam, rds, cloudtrail;
                     azure: network, resources, keyvault, storage, sql;
                     gcp: compute, storage, iam, sqladmin)
  -o, --output F     jsonl (default): a line per finding, API call and account, then a summary
                     sarif: a SARIF 2.1.0 log; ocsf: OCSF Detection Finding events, one a line
  --endpoint URL     send every API call to this endpoint: aws, one endpoint for every
                     service (an emulator such as moto); azure, the Resource Manager
                     endpoint; gcp, one root for every Google API
  --list-checks      print the provider's checks (JSON lines) and exit
  -h, --help         this help

Credentials come from the provider's usual environment:
  aws    AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, AWS_REGION or
         AWS_DEFAULT_REGION; AWS_ROLE_ARN and AWS_EXTERNAL_ID to assume a role first
  azure  AZURE_TENANT_ID, AZURE_CLIENT_ID, AZURE_CLIENT_SECRET, AZURE_SUBSCRIPTION_ID;
         AZURE_AUTHORITY_HOST for another cloud's Entra authority
  gcp    GOOGLE_APPLICATION_CREDENTIALS (a service-account key file), GOOGLE_CLOUD_PROJECT
         (default: the key's project_id)

Exit status: 0 no findings, 1 findings, 3 partial (a call failed or the credentials were
refused: some checks were not evaluated), 2 usage error.
`;
