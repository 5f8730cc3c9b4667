// Test Connection: a canary event sent straight to the destination (not through the outbox) over
// the network of whom tests, and what became of it as the message (with Splunk's indexer
// acknowledgement when enabled): the classified failure or the status, never the answer's text.
import { SIEM_TEXT, SIEM_TYPE_PROTOCOLS, type TSiemTestResult } from '@netguard/contracts';
import { EgressError, type Network } from '@netguard/egress';
import { createSiemEvent, type Outcome } from '@netguard/siem';
import type { Sealer } from '../../lib/sealed-secrets.ts';
import { destinationOf, type IntegrationRow } from './siem.config.ts';

export type ConnectionTestRun = {
  result: TSiemTestResult;
  /** Set when no answer came (the egress policy's refusal included), for the security event. */
  failure?: unknown;
};

export async function testConnection(
  row: IntegrationRow,
  secrets: Sealer,
  network: Network,
): Promise<ConnectionTestRun> {
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
    [outcome] = await destinationOf(row, secrets, network).send([canary]);
  } catch (error) {
    const message = (error as Error).message;
    return {
      result: { success: false, message, latencyMs: Date.now() - started },
      failure: error,
    };
  }
  const latencyMs = Date.now() - started;
  if (outcome?.status !== 'delivered') {
    const message = outcome?.reason ?? 'no answer';
    const kind = outcome?.status === 'retry' ? outcome.failure : undefined;
    return {
      result: { success: false, message, latencyMs },
      ...(kind ? { failure: new EgressError(kind, message) } : {}),
    };
  }
  const r = outcome.receipt;
  const details = [
    r.status ? `HTTP ${r.status}` : r.note,
    r.ackId === undefined ? undefined : `ack ${r.ackId}${r.note ? ` ${r.note}` : ''}`,
    r.result,
  ].filter(Boolean);
  return {
    result: {
      success: true,
      message: `${SIEM_TYPE_PROTOCOLS[row.type]} accepted the test event ${canary.id} (${details.join(', ')}) in ${latencyMs} ms`,
      latencyMs,
    },
  };
}
