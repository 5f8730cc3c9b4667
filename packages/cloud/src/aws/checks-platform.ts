// DynamoDB point-in-time recovery, EFS encryption, ECR image scanning, tag immutability and open
// repository policies, CloudWatch Logs retention and encryption, and load balancer listeners that
// serve plain HTTP or old TLS.
import { LOG_MIN_RETENTION_DAYS } from '../catalog/aws-platform.ts';
import { type AwsCheck, openPolicy, regionalHits } from './check.ts';

/** TLS versions too old to accept (RFC 8996). */
const OLD_TLS = ['TLSv1', 'TLSv1.1', 'SSLv3'];

/** A plain-HTTP listener is fine when all it does is redirect to HTTPS. */
const redirectsToHttps = (actions: { Type?: string; RedirectConfig?: { Protocol?: string } }[]) =>
  actions.length > 0 &&
  actions.every((a) => a.Type === 'redirect' && a.RedirectConfig?.Protocol === 'HTTPS');

/** A hit per load balancer whose attribute `key` was read and is not "true". */
const lbAttributeOff = (key: string, what: string) =>
  regionalHits(
    (r) => r.loadBalancers,
    ({ lb, attributes }) =>
      attributes && attributes[key] !== 'true'
        ? {
            resourceId: lb.LoadBalancerArn ?? '',
            detail: `Load balancer ${lb.LoadBalancerName} has ${what} off.`,
            evidence: { [key]: attributes[key] ?? null, scheme: lb.Scheme, type: lb.Type },
          }
        : undefined,
  );

export const PLATFORM_CHECKS: AwsCheck[] = [
  {
    id: 'aws_elbv2_logging_off',
    evaluate: lbAttributeOff('access_logs.s3.enabled', 'access logging'),
  },
  {
    id: 'aws_elbv2_deletion_protection_off',
    evaluate: lbAttributeOff('deletion_protection.enabled', 'deletion protection'),
  },
  {
    id: 'aws_dynamodb_pitr_off',
    evaluate: regionalHits(
      (r) => r.tables,
      (t) =>
        t.pitr === false
          ? {
              resourceId: t.arn,
              detail: `DynamoDB table ${t.name} has point-in-time recovery off.`,
              evidence: { table: t.name, pointInTimeRecovery: 'DISABLED' },
            }
          : undefined,
    ),
  },
  {
    id: 'aws_efs_unencrypted',
    evaluate: regionalHits(
      (r) => r.fileSystems,
      (fs) =>
        fs.Encrypted === false
          ? {
              resourceId: fs.FileSystemArn ?? fs.FileSystemId ?? '',
              detail: `EFS file system ${fs.FileSystemId}${fs.Name ? ` (${fs.Name})` : ''} is not encrypted at rest.`,
              evidence: { fileSystemId: fs.FileSystemId, encrypted: false },
            }
          : undefined,
    ),
  },
  {
    id: 'aws_ecr_scan_on_push_off',
    evaluate: regionalHits(
      (r) => r.repositories,
      ({ repo }) =>
        repo.imageScanningConfiguration?.scanOnPush
          ? undefined
          : {
              resourceId: repo.repositoryArn ?? repo.repositoryName ?? '',
              detail: `ECR repository ${repo.repositoryName} does not scan images on push.`,
              evidence: { scanOnPush: false },
            },
    ),
  },
  {
    id: 'aws_ecr_tags_mutable',
    evaluate: regionalHits(
      (r) => r.repositories,
      ({ repo }) =>
        repo.imageTagMutability?.startsWith('IMMUTABLE')
          ? undefined
          : {
              resourceId: repo.repositoryArn ?? repo.repositoryName ?? '',
              detail: `ECR repository ${repo.repositoryName} lets pushes overwrite existing tags.`,
              evidence: { imageTagMutability: repo.imageTagMutability ?? 'MUTABLE' },
            },
    ),
  },
  {
    id: 'aws_ecr_repository_public',
    evaluate: regionalHits(
      (r) => r.repositories,
      ({ repo, policy }) => {
        const open = openPolicy(`ECR repository ${repo.repositoryName}`, policy);
        return open && { resourceId: repo.repositoryArn ?? repo.repositoryName ?? '', ...open };
      },
    ),
  },
  {
    id: 'aws_logs_retention_short',
    evaluate: regionalHits(
      (r) => r.logGroups,
      (g) =>
        // No retention setting keeps the events forever.
        g.retentionInDays !== undefined && g.retentionInDays < LOG_MIN_RETENTION_DAYS
          ? {
              resourceId: g.arn ?? g.logGroupName ?? '',
              detail: `Log group ${g.logGroupName} keeps events for ${g.retentionInDays} days, fewer than ${LOG_MIN_RETENTION_DAYS}.`,
              evidence: { retentionInDays: g.retentionInDays },
            }
          : undefined,
    ),
  },
  {
    id: 'aws_logs_group_unencrypted',
    evaluate: regionalHits(
      (r) => r.logGroups,
      (g) =>
        g.kmsKeyId
          ? undefined
          : {
              resourceId: g.arn ?? g.logGroupName ?? '',
              detail: `Log group ${g.logGroupName} is not encrypted with a KMS key.`,
              evidence: { kmsKeyId: null },
            },
    ),
  },
  {
    id: 'aws_elbv2_listener_no_tls',
    evaluate: regionalHits(
      (r) => r.loadBalancers?.flatMap((x) => (x.listeners ?? []).map((l) => ({ lb: x.lb, l }))),
      ({ lb, l }) =>
        l.Protocol === 'HTTP' && !redirectsToHttps(l.DefaultActions ?? [])
          ? {
              resourceId: l.ListenerArn ?? '',
              detail: `Load balancer ${lb.LoadBalancerName} listens on ${l.Protocol} port ${l.Port} without TLS.`,
              evidence: {
                loadBalancer: lb.LoadBalancerArn,
                protocol: l.Protocol,
                port: l.Port,
                scheme: lb.Scheme,
              },
            }
          : undefined,
    ),
  },
  {
    id: 'aws_elbv2_listener_weak_tls',
    evaluate: regionalHits(
      (r) =>
        r.sslPolicies &&
        r.loadBalancers?.flatMap((x) =>
          (x.listeners ?? []).map((l) => ({
            lb: x.lb,
            l,
            protocols: r.sslPolicies?.[l.SslPolicy ?? ''],
          })),
        ),
      ({ lb, l, protocols }) => {
        // Only TLS listeners negotiate with their policy (moto also names one on HTTP listeners).
        if (!['HTTPS', 'TLS'].includes(l.Protocol ?? '')) return undefined;
        const old = (protocols ?? []).filter((p) => OLD_TLS.includes(p));
        return old.length
          ? {
              resourceId: l.ListenerArn ?? '',
              detail: `Load balancer ${lb.LoadBalancerName}'s ${l.Protocol} listener on port ${l.Port} accepts ${old.join(', ')} (policy ${l.SslPolicy}).`,
              evidence: { loadBalancer: lb.LoadBalancerArn, sslPolicy: l.SslPolicy, protocols },
            }
          : undefined;
      },
    ),
  },
];
