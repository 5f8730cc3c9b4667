// AWS Organizations: the member accounts of the organization the credentials manage.
import { type Account, ListAccountsCommand } from '@aws-sdk/client-organizations';
import type { CallRecorder } from '../calls.ts';
import { type AwsTarget, organizationsClient } from './clients.ts';

/** The organization's active accounts, or undefined when listing failed (the recorder has why). */
export async function listAccounts(
  recorder: CallRecorder,
  target: AwsTarget,
  region: string,
  checks: string[],
): Promise<Account[] | undefined> {
  const client = organizationsClient(target, region);
  const accounts: Account[] = [];
  try {
    let NextToken: string | undefined;
    do {
      const page = await recorder.call(
        { service: 'organizations', region, operation: 'ListAccounts', checks },
        (abortSignal) => client.send(new ListAccountsCommand({ NextToken }), { abortSignal }),
      );
      if (!page) return undefined;
      accounts.push(...(page.Accounts ?? []));
      NextToken = page.NextToken;
    } while (NextToken);
    return accounts.filter((a) => a.Status === 'ACTIVE');
  } finally {
    client.destroy();
  }
}
