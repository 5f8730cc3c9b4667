import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { profiles, users } from '../../db/schema.ts';

/** A profile is the user's own record: it is looked up by user id alone. */
export async function findProfile(db: Executor, userId: string) {
  const [row] = await db
    .select({
      userId: profiles.userId,
      email: users.email,
      username: profiles.username,
      companyName: profiles.companyName,
      updatedAt: profiles.updatedAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId));
  return row;
}

export async function updateProfile(
  db: Executor,
  userId: string,
  patch: { username?: string | null; companyName?: string | null },
) {
  await db
    .update(profiles)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(profiles.userId, userId));
}
