// Test Connection: a canary event sent straight to the destination (not through the outbox), and
// the destination's answer as the message (with Splunk's indexer acknowledgement when enabled).
import { SIEM_TEXT, SIEM_TYPE_PROTOCOLS, type TSiemTestResult } from '@netguard/contracts';
import { createSiemEvent, type Outcome } from '@netguard/siem';
import type { Sealer } from '../../lib/sealed-secrets.ts';
import { destinationOf, type IntegrationRow } from './siem.config.ts';

export async function testConnection(
  row: IntegrationRow,
  secrets: Sealer,
): Promise<TSiemTestResult> {
  const canary = createSiemEvent({
    type: 'security_event',
    severity: 'info',
    level: 'info',
    organizationId: row.organizationId,
    title: SIEM_TEXT.canary,
    message: `Canary event of the NetGuard integration "${row.name}"; it can be ignored.`,
    category: 'connection_test',
    outcome: 'success',
    fields: { canary: true, integrationId: row.id },
  });
  const started = Date.now();
  let outcome: Outcome | undefined;
  try {
    [outcome] = await destinationOf(row, secrets).send([canary]);
  } catch (error) {
    return { success: false, message: (error as Error).message, latencyMs: Date.now() - started };
  }
  const latencyMs = Date.now() - started;
  if (outcome?.status !== 'delivered')
    return { success: false, message: outcome?.reason ?? 'no answer', latencyMs };
  const r = outcome.receipt;
  const details = [
    r.status ? `HTTP ${r.status}` : r.note,
    r.ackId === undefined ? undefined : `ack ${r.ackId}${r.note ? ` ${r.note}` : ''}`,
    r.result,
  ].filter(Boolean);
  return {
    success: true,
    message: `${SIEM_TYPE_PROTOCOLS[row.type]} accepted the test event ${canary.id} (${details.join(', ')}) in ${latencyMs} ms`,
    latencyMs,
  };
}
