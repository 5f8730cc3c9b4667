import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * Deployment operators: the people who run this server, named by its owner with
 * `netguard operators add <email>` (stored on the account) or NETGUARD_OPERATORS (the
 * environment). Only they hold powers over the server itself, such as live capture on its
 * interfaces; an organization's admin does not.
 */

/** Marks the account with `email` as an operator (or not); false when there is no such account. */
export async function setDeploymentOperator(
  db: Executor,
  email: string,
  operator: boolean,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deploymentOperator: operator })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The emails of the accounts marked as operators, oldest account first. */
export async function listDeploymentOperators(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.deploymentOperator, true))
    .orderBy(asc(users.createdAt));
  return rows.map((row) => row.email);
}

/** Whether `userId` is an operator: marked on the account, or named in `fromEnvironment`. */
export async function isDeploymentOperator(
  db: Executor,
  fromEnvironment: readonly string[],
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ email: users.email, operator: users.deploymentOperator })
    .from(users)
    .where(eq(users.id, userId));
  return !!row && (row.operator || fromEnvironment.includes(row.email));
}
