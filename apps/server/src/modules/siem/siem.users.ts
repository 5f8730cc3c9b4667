// Events name their user by e-mail (what a SOC analyst reads and searches) next to the account id:
// producers give the id, and the e-mails are looked up here, in one query per write.
import type { SiemEventInput } from '@netguard/siem';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The e-mail of each of these accounts that exists, by id (no query when there is none). */
export async function userEmails(
  db: Executor,
  userIds: readonly (string | null | undefined)[],
): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)].filter((id): id is string => !!id && UUID.test(id));
  if (ids.length === 0) return new Map();
  const result = await db.execute(sql`
    select id::text as id, email from users
    where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`);
  return new Map((result.rows as { id: string; email: string }[]).map((r) => [r.id, r.email]));
}

/** The inputs, each with `user` set to the e-mail of its `userId` when it names no user yet. */
export async function withUserEmails(
  db: Executor,
  inputs: SiemEventInput[],
): Promise<SiemEventInput[]> {
  const emails = await userEmails(
    db,
    inputs.map((input) => (input.user ? undefined : input.userId)),
  );
  return inputs.map((input) => {
    const email = !input.user && input.userId ? emails.get(input.userId) : undefined;
    return email ? { ...input, user: email } : input;
  });
}
