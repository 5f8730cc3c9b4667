// Collects one region's Lambda functions, each with its function URLs and resource policy.
import {
  GetPolicyCommand,
  LambdaClient,
  ListFunctionsCommand,
  ListFunctionUrlConfigsCommand,
} from '@aws-sdk/client-lambda';
import {
  absentOn,
  type CollectContext,
  collect,
  collectPages,
  mapLimit,
  specsOf,
} from './calling.ts';
import { awsClient } from './clients.ts';
import type { RegionInventory } from './inventory.ts';

const CHECKS = ['aws_lambda_function_url_public', 'aws_lambda_function_public'];

export async function collectLambda(
  ctx: CollectContext,
  region: string,
): Promise<Partial<RegionInventory>> {
  const lambda = awsClient(LambdaClient, ctx.target, region);
  const spec = specsOf('lambda', region);
  try {
    const listed = await collectPages(
      ctx,
      spec('ListFunctions', CHECKS),
      async (Marker, abortSignal) => {
        const r = await lambda.send(new ListFunctionsCommand({ Marker }), { abortSignal });
        return { items: r.Functions, next: r.NextMarker };
      },
    );
    if (!listed) return {};
    const functions = await mapLimit(listed, ctx.concurrency, async (fn) => {
      const FunctionName = fn.FunctionName;
      const [urls, policy] = await Promise.all([
        collectPages(
          ctx,
          spec('ListFunctionUrlConfigs', ['aws_lambda_function_url_public']),
          async (Marker, abortSignal) => {
            const r = await lambda.send(
              new ListFunctionUrlConfigsCommand({ FunctionName, Marker }),
              {
                abortSignal,
              },
            );
            return { items: r.FunctionUrlConfigs, next: r.NextMarker };
          },
        ),
        collect(ctx, spec('GetPolicy', ['aws_lambda_function_public']), (abortSignal) =>
          lambda
            .send(new GetPolicyCommand({ FunctionName }), { abortSignal })
            // A function nobody was granted access to has no policy.
            .then((r) => r.Policy ?? null, absentOn('ResourceNotFoundException')),
        ),
      ]);
      return { fn, urls, policy };
    });
    return { functions };
  } finally {
    lambda.destroy();
  }
}
