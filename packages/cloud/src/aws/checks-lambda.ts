// Lambda functions anyone can invoke: a function URL without IAM auth, or a resource policy that
// grants Principal "*" with no condition.
import { type AwsCheck, openPolicy, regionalHits } from './check.ts';

export const LAMBDA_CHECKS: AwsCheck[] = [
  {
    id: 'aws_lambda_function_url_public',
    evaluate: regionalHits(
      (r) => r.functions,
      ({ fn, urls }) => {
        const open = (urls ?? []).filter((u) => u.AuthType === 'NONE');
        return open.length
          ? {
              resourceId: fn.FunctionArn ?? fn.FunctionName ?? '',
              detail: `Lambda function ${fn.FunctionName} has a function URL anyone can call without signing in (AuthType NONE): ${open.map((u) => u.FunctionUrl).join(', ')}.`,
              evidence: {
                urls: open.map((u) => ({ url: u.FunctionUrl, authType: u.AuthType, cors: u.Cors })),
              },
            }
          : undefined;
      },
    ),
  },
  {
    id: 'aws_lambda_function_public',
    evaluate: regionalHits(
      (r) => r.functions,
      ({ fn, policy }) => {
        const open = openPolicy(`Lambda function ${fn.FunctionName}`, policy);
        return open && { resourceId: fn.FunctionArn ?? fn.FunctionName ?? '', ...open };
      },
    ),
  },
];
