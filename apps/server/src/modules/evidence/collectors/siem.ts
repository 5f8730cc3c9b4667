// Log forwarding: SIEM integrations active, and deliveries with no dead letters (30 days).
import { sql } from 'drizzle-orm';
import { one } from './query.ts';
import { type Collector, daysAgo, newest, refs } from './types.ts';

export const siemDelivery: Collector = {
  id: 'siem_delivery',
  version: '1.0.0',
  type: 'siem_delivery',
  title: 'Security events delivered to the SIEM without dead letters (30 days)',
  coverage: 'automated',
  validDays: 7,
  requirements: refs('soc2:CC7.2', 'iso27001:A.8.16', 'nist:DE.AE-03', 'hipaa:164.312(b)'),
  async collect({ db, organizationId, now }) {
    const r = await one<{ delivered: string; dead: string; pending: string; last: string | null }>(
      db,
      sql`select count(*) filter (where state = 'delivered') as delivered,
            count(*) filter (where state = 'dead') as dead,
            count(*) filter (where state = 'pending') as pending,
            max(delivered_at) as last
          from siem_deliveries where organization_id = ${organizationId} and queued_at >= ${daysAgo(now, 30)}`,
    );
    const [delivered, dead, pending] = [Number(r.delivered), Number(r.dead), Number(r.pending)];
    return {
      outcome: delivered === 0 ? 'not_satisfied' : dead === 0 ? 'satisfied' : 'partial',
      observedAt: newest([r.last], now),
      summary:
        delivered + dead + pending === 0
          ? 'No event was forwarded to a SIEM in the last 30 days'
          : `${delivered} events delivered, ${dead} dead letters, ${pending} pending in the last 30 days`,
      metadata: { delivered, dead, pending },
    };
  },
};

export const siemConfigured: Collector = {
  id: 'siem_integrations',
  version: '1.0.0',
  type: 'siem_integration',
  title: 'SIEM integrations active',
  coverage: 'automated',
  validDays: 7,
  requirements: refs('nist:DE.AE-06', 'iso27001:A.8.15', 'soc2:CC7.3'),
  async collect({ db, organizationId, now }) {
    const r = await one<{ total: string; active: string; failing: string; updated: string | null }>(
      db,
      sql`select count(*) as total, count(*) filter (where status = 'active') as active,
            count(*) filter (where status = 'error') as failing, max(updated_at) as updated
          from siem_integrations where organization_id = ${organizationId}`,
    );
    const [total, active, failing] = [Number(r.total), Number(r.active), Number(r.failing)];
    return {
      outcome: active === 0 ? 'not_satisfied' : failing === 0 ? 'satisfied' : 'partial',
      observedAt: newest([r.updated], now),
      summary: `${active} of ${total} SIEM integrations active, ${failing} in error`,
      metadata: { total, active, failing },
    };
  },
};
