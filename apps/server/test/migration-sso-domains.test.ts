import { afterAll, beforeAll, expect, it } from 'vitest';
import { type MigrationReplay, startMigrationReplay } from './migration-replay.ts';

let replay: MigrationReplay;

beforeAll(async () => {
  replay = await startMigrationReplay();
});
afterAll(async () => {
  await replay?.close();
});

it('makes the SSO domains of a database made before 0018 unverified claims with a token each', async () => {
  const { client, migrateTo } = replay;
  await migrateTo(18);
  const one = async (text: string, values: unknown[] = []) =>
    (await client.query(text, values)).rows[0];
  const org = async (email: string) => {
    const user = await one(
      `insert into users (email, password_hash) values ($1, 'x') returning id`,
      [email],
    );
    return (
      await one(`insert into organizations (name, owner_id) values ($1, $2) returning id`, [
        email,
        user.id,
      ])
    ).id as string;
  };
  const first = await org('first@example.com');
  // Before: a domain was the primary key, so whoever named it first held it.
  await client.query(
    `insert into sso_domains (domain, organization_id) values ('a.example', $1), ('b.example', $1)`,
    [first],
  );

  await migrateTo();
  const rows = (await client.query(`select * from sso_domains order by domain`)).rows;
  expect(rows.map((r) => [r.domain, r.status, r.verified_at, r.misses])).toEqual([
    ['a.example', 'unverified', null, 0],
    ['b.example', 'unverified', null, 0],
  ]);
  expect(rows[0].token).toMatch(/^[0-9a-f]{64}$/);
  expect(rows[1].token).not.toBe(rows[0].token);
  // The first claim no longer keeps the owner out: another organization claims the same domain.
  const owner = await org('owner@example.com');
  await client.query(
    `insert into sso_domains (domain, organization_id, token) values ('a.example', $1, 't')`,
    [owner],
  );
  // At most one verified claim per domain.
  await client.query(`update sso_domains set status = 'verified' where organization_id = $1`, [
    owner,
  ]);
  await expect(
    client.query(
      `update sso_domains set status = 'verified' where organization_id = $1 and domain = 'a.example'`,
      [first],
    ),
  ).rejects.toThrow(/sso_domains_verified_uq/);
  const elsewhere = await one(
    `select netguard_sso_domain_verified_elsewhere('a.example', $1) as v`,
    [first],
  );
  expect(elsewhere.v).toBe(true);
});
