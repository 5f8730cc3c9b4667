// Collects one region's Application and Network Load Balancers, each with its attributes and
// listeners, and the
// TLS versions of the security policies those listeners use.
import {
  DescribeListenersCommand,
  DescribeLoadBalancerAttributesCommand,
  DescribeLoadBalancersCommand,
  DescribeSSLPoliciesCommand,
  ElasticLoadBalancingV2Client,
} from '@aws-sdk/client-elastic-load-balancing-v2';
import { type CollectContext, collect, collectPages, mapLimit, specsOf } from './calling.ts';
import { awsClient } from './clients.ts';
import type { RegionInventory } from './inventory.ts';

const ATTRIBUTE_CHECKS = ['aws_elbv2_logging_off', 'aws_elbv2_deletion_protection_off'];
const CHECKS = ['aws_elbv2_listener_no_tls', 'aws_elbv2_listener_weak_tls', ...ATTRIBUTE_CHECKS];

export async function collectElb(
  ctx: CollectContext,
  region: string,
): Promise<Partial<RegionInventory>> {
  const elb = awsClient(ElasticLoadBalancingV2Client, ctx.target, region);
  const spec = specsOf('elbv2', region);
  try {
    const listed = await collectPages(
      ctx,
      spec('DescribeLoadBalancers', CHECKS),
      async (Marker, abortSignal) => {
        const r = await elb.send(new DescribeLoadBalancersCommand({ Marker }), { abortSignal });
        return { items: r.LoadBalancers, next: r.NextMarker };
      },
    );
    if (!listed) return {};
    const loadBalancers = await mapLimit(listed, ctx.concurrency, async (lb) => ({
      lb,
      attributes: await collect(
        ctx,
        spec('DescribeLoadBalancerAttributes', ATTRIBUTE_CHECKS),
        async (abortSignal) => {
          const r = await elb.send(
            new DescribeLoadBalancerAttributesCommand({ LoadBalancerArn: lb.LoadBalancerArn }),
            { abortSignal },
          );
          return Object.fromEntries((r.Attributes ?? []).map((a) => [a.Key ?? '', a.Value ?? '']));
        },
      ),
      listeners: await collectPages(
        ctx,
        spec('DescribeListeners', CHECKS),
        async (Marker, abortSignal) => {
          const r = await elb.send(
            new DescribeListenersCommand({ LoadBalancerArn: lb.LoadBalancerArn, Marker }),
            { abortSignal },
          );
          return { items: r.Listeners, next: r.NextMarker };
        },
      ),
    }));
    const names = [
      ...new Set(
        loadBalancers.flatMap((x) => (x.listeners ?? []).flatMap((l) => l.SslPolicy ?? [])),
      ),
    ];
    const policies = names.length
      ? await collect(
          ctx,
          spec('DescribeSSLPolicies', ['aws_elbv2_listener_weak_tls']),
          async (abortSignal) => {
            const r = await elb.send(new DescribeSSLPoliciesCommand({ Names: names }), {
              abortSignal,
            });
            return r.SslPolicies ?? [];
          },
        )
      : [];
    const sslPolicies =
      policies && Object.fromEntries(policies.map((p) => [p.Name ?? '', p.SslProtocols ?? []]));
    return { loadBalancers, sslPolicies };
  } finally {
    elb.destroy();
  }
}
