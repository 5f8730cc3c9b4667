// Collects one region's SNS topics and SQS queues, each with its attributes (encryption key,
// access policy).
import { GetTopicAttributesCommand, ListTopicsCommand, SNSClient } from '@aws-sdk/client-sns';
import { GetQueueAttributesCommand, ListQueuesCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  type CollectContext,
  collect,
  collectPages,
  mapLimit,
  type SpecOf,
  specsOf,
} from './calling.ts';
import { awsClient } from './clients.ts';
import type { RegionInventory } from './inventory.ts';
import type { Attributed } from './inventory-services.ts';

type Listing = {
  checks: string[];
  list: (
    token: string | undefined,
    signal: AbortSignal,
  ) => Promise<{ items?: string[]; next?: string }>;
  attributes: (id: string, signal: AbortSignal) => Promise<Record<string, string>>;
  /** The ARN and name of a listed id (a topic ARN, a queue URL) with its attributes. */
  name: (id: string, attributes: Record<string, string>) => { arn: string; name: string };
};

/** Lists the ids, reads each one's attributes; a failed read leaves that one out (its gap says so). */
async function collectAttributed(
  ctx: CollectContext,
  spec: SpecOf,
  l: Listing,
  list: string,
  get: string,
) {
  const ids = await collectPages(ctx, spec(list, l.checks), l.list);
  if (!ids) return undefined;
  const read = await mapLimit(ids, ctx.concurrency, async (id) => {
    const attributes = await collect(ctx, spec(get, l.checks), (signal) =>
      l.attributes(id, signal),
    );
    return attributes && { ...l.name(id, attributes), attributes };
  });
  return read.filter((x): x is Attributed => x !== undefined);
}

export async function collectMessaging(
  ctx: CollectContext,
  region: string,
): Promise<Partial<RegionInventory>> {
  const sns = awsClient(SNSClient, ctx.target, region);
  const sqs = awsClient(SQSClient, ctx.target, region);
  try {
    const [topics, queues] = await Promise.all([
      collectAttributed(
        ctx,
        specsOf('sns', region),
        {
          checks: ['aws_sns_topic_unencrypted', 'aws_sns_topic_public'],
          list: async (NextToken, abortSignal) => {
            const r = await sns.send(new ListTopicsCommand({ NextToken }), { abortSignal });
            return { items: (r.Topics ?? []).map((t) => t.TopicArn ?? ''), next: r.NextToken };
          },
          attributes: async (TopicArn, abortSignal) =>
            (await sns.send(new GetTopicAttributesCommand({ TopicArn }), { abortSignal }))
              .Attributes ?? {},
          name: (arn) => ({ arn, name: arn.split(':').pop() ?? arn }),
        },
        'ListTopics',
        'GetTopicAttributes',
      ),
      collectAttributed(
        ctx,
        specsOf('sqs', region),
        {
          checks: ['aws_sqs_queue_unencrypted', 'aws_sqs_queue_public'],
          list: async (NextToken, abortSignal) => {
            const r = await sqs.send(new ListQueuesCommand({ NextToken, MaxResults: 1000 }), {
              abortSignal,
            });
            return { items: r.QueueUrls, next: r.NextToken };
          },
          attributes: async (QueueUrl, abortSignal) =>
            (
              await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['All'] }), {
                abortSignal,
              })
            ).Attributes ?? {},
          name: (url, a) => ({ arn: a.QueueArn ?? url, name: url.split('/').pop() ?? url }),
        },
        'ListQueues',
        'GetQueueAttributes',
      ),
    ]);
    return { topics, queues };
  } finally {
    sns.destroy();
    sqs.destroy();
  }
}
