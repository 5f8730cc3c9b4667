// AWS for the executors: the keys to call with (the role's when one is set, as the scanner does),
// the region of a finding, and SDK clients destroyed after their call.
import { type AwsTarget, targetOf } from '@netguard/cloud';
import type { CloudSession } from './session.ts';
import type { CloudFinding } from './types.ts';

export type AwsSession = CloudSession<'aws'>;

export function awsTarget(session: AwsSession): Promise<AwsTarget> {
  return session.once('target', () => {
    const c = session.credentials;
    if (c.roleArn) return session.step('sts:AssumeRole', () => targetOf(c));
    return Promise.resolve<AwsTarget>({ keys: c, ...(c.endpoint ? { endpoint: c.endpoint } : {}) });
  });
}

/** The finding's region; the credentials' for global resources. */
export const regionOf = (session: AwsSession, finding: CloudFinding) =>
  finding.region && finding.region !== 'global' ? finding.region : session.credentials.region;

type Destroyable = { destroy(): void };

/** Makes a client for one use and destroys it (its sockets) afterwards. */
export async function using<C extends Destroyable, T>(
  session: AwsSession,
  make: (target: AwsTarget) => C,
  use: (client: C) => Promise<T>,
): Promise<T> {
  const client = make(await awsTarget(session));
  try {
    return await use(client);
  } finally {
    client.destroy();
  }
}
