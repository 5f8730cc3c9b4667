// SNS topics and SQS queues: encryption at rest and access policies open to anyone.
import { type AwsCheck, openPolicy, regionalHits } from './check.ts';
import type { RegionInventory } from './inventory.ts';
import type { Attributed } from './inventory-services.ts';

type Kind = { items: (r: RegionInventory) => Attributed[] | undefined; what: string };
const TOPICS: Kind = { items: (r) => r.topics, what: 'SNS topic' };
const QUEUES: Kind = { items: (r) => r.queues, what: 'SQS queue' };

/** SQS queues may use SQS-managed keys (SSE-SQS); SNS topics only KMS. */
const encrypted = (a: Record<string, string>) =>
  Boolean(a.KmsMasterKeyId) || a.SqsManagedSseEnabled === 'true';

const unencrypted = (kind: Kind) =>
  regionalHits(kind.items, (x) =>
    encrypted(x.attributes)
      ? undefined
      : {
          resourceId: x.arn,
          detail: `${kind.what} ${x.name} is not encrypted at rest.`,
          evidence: {
            kmsMasterKeyId: null,
            sqsManagedSseEnabled: x.attributes.SqsManagedSseEnabled ?? null,
          },
        },
  );

const open = (kind: Kind) =>
  regionalHits(kind.items, (x) => {
    const found = openPolicy(`${kind.what} ${x.name}`, x.attributes.Policy);
    return found && { resourceId: x.arn, ...found };
  });

export const MESSAGING_CHECKS: AwsCheck[] = [
  { id: 'aws_sns_topic_unencrypted', evaluate: unencrypted(TOPICS) },
  { id: 'aws_sns_topic_public', evaluate: open(TOPICS) },
  { id: 'aws_sqs_queue_unencrypted', evaluate: unencrypted(QUEUES) },
  { id: 'aws_sqs_queue_public', evaluate: open(QUEUES) },
];
