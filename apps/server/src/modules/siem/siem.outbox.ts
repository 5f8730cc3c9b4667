// The outbox: producers write their SIEM events here in the transaction of the change the events
// describe, and in the same statement queue them for every integration whose filters take them.
// PostgreSQL delivers the notice to the forwarders on commit, so a forwarder never reads an event
// that is not there, and an event whose change rolled back never leaves.
import { createSiemEvent, type SiemEvent, type SiemEventInput } from '@netguard/siem';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { withUserEmails } from './siem.users.ts';

/** The channel the workers LISTEN on: the payload is an integration id with events to send. */
export const SIEM_PG_CHANNEL = 'netguard_siem';

/**
 * Writes the events (checked by createSiemEvent; a user named by id only gets its e-mail as
 * `user`) and queues each for the integrations of its
 * organization that forward in realtime and whose filters (event types, log levels, sources)
 * take it. Returns the events written.
 */
export async function emitSiemEvents(
  db: Executor,
  inputs: SiemEventInput[],
  now = new Date(),
): Promise<SiemEvent[]> {
  if (inputs.length === 0) return [];
  const events = (await withUserEmails(db, inputs)).map((input) => createSiemEvent(input, now));
  await db.execute(sql`
    with ev as (
      insert into siem_events (id, organization_id, type, level, source, event)
      select (e->>'id')::uuid, (e->>'organizationId')::uuid, e->>'type', e->>'level',
             e->>'source', e
        from jsonb_array_elements(${JSON.stringify(events)}::jsonb) with ordinality as x(e, n)
       order by n
      returning id, seq, organization_id, type, level, source
    ), queued as (
      insert into siem_deliveries (integration_id, event_id, organization_id, seq)
      select i.id, ev.id, ev.organization_id, ev.seq
        from ev join siem_integrations i on i.organization_id = ev.organization_id
       where (i.settings->>'enableRealtime')::boolean
         and i.filters->'eventTypes' @> to_jsonb(ev.type)
         and i.filters->'logLevels' @> to_jsonb(ev.level)
         and i.filters->'sources' @> to_jsonb(ev.source)
      returning integration_id
    )
    select pg_notify(${SIEM_PG_CHANNEL}, integration_id::text)
      from (select distinct integration_id from queued) q`);
  return events;
}

/** Tells the forwarders that an integration has events to send (on commit inside a transaction). */
export async function notifyForwarder(db: Executor, integrationId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${SIEM_PG_CHANNEL}, ${integrationId})`);
}
