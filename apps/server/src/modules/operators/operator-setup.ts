// The first deployment operator. A fresh deployment has none, and loopback and this host are
// operators' only: whoever runs `npm start` gets a one-time link on the console and in the log
// (as Jenkins prints its first admin password). The signed-in person who opens it becomes the
// operator; no sign-up becomes one by itself, whoever comes first.
import { OPERATOR_SETUP_PARAM } from '@netguard/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { operatorSetup, users } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { listDeploymentOperators } from './operators.repo.ts';

/**
 * The setup link of a deployment without operators (a new token each start: an older link stops
 * working); null, and no token kept, once there is one (marked, or named in NETGUARD_OPERATORS).
 */
export async function openOperatorSetup(
  db: Executor,
  named: readonly string[],
  publicUrl: string,
): Promise<string | null> {
  if (named.length > 0 || (await listDeploymentOperators(db)).length > 0) {
    await db.delete(operatorSetup);
    return null;
  }
  const token = randomToken();
  await db
    .insert(operatorSetup)
    .values({ tokenHash: sha256(token) })
    .onConflictDoUpdate({
      target: operatorSetup.id,
      set: { tokenHash: sha256(token), createdAt: sql`now()` },
    });
  return `${publicUrl}/auth?${OPERATOR_SETUP_PARAM}=${encodeURIComponent(token)}`;
}

/** Makes `userId` an operator when `token` is the live setup token; used once, then gone. */
export async function claimOperatorSetup(
  db: Executor,
  token: string,
  userId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const taken = await tx
      .delete(operatorSetup)
      .where(eq(operatorSetup.tokenHash, sha256(token)))
      .returning({ id: operatorSetup.id });
    if (taken.length === 0) return false;
    await tx.update(users).set({ deploymentOperator: true }).where(eq(users.id, userId));
    return true;
  });
}

/** The setup link as `npm start` prints it: on the console and as one line of the log. */
export function announceOperatorSetup(
  link: string,
  log: { warn: (fields: object, message: string) => void },
  print: (text: string) => void = console.log,
) {
  log.warn({ link }, 'no deployment operator yet: open the operator setup link once, signed in');
  print(
    [
      '',
      'NetGuard has no deployment operator yet. Open this link once, signed in (or sign up first),',
      'to become the operator: operators scan this machine and its loopback addresses, and add',
      'other operators. The link works once; a restart prints a new one while no operator exists.',
      `  ${link}`,
      '',
    ].join('\n'),
  );
}
