// One integration's destination, whatever its type: the configuration the server stores (type,
// endpoint, credentials, options, settings) turned into a sender that returns one outcome per
// event. The server's forwarder, Test Connection and the operators' CLI all send through it, each
// with the network (@netguard/egress) of whom it sends for: no sender opens a socket of its own.
import { parseSyslogEndpoint, type TSiemCredentials, type TSiemOptions } from '@netguard/contracts';
import type { Network } from '@netguard/egress';
import { type DeliverySettings, dead, type Outcome } from './delivery.ts';
import type { SiemEvent, SiemType } from './event.ts';
import { formatCef } from './formats/cef.ts';
import { formatLeef } from './formats/leef.ts';
import { ChronicleSender, type ServiceAccountKey } from './http/chronicle.ts';
import { sendElasticBulk } from './http/elastic-bulk.ts';
import { SentinelSender } from './http/sentinel.ts';
import { checkSplunkAcks, type SplunkHecTarget, sendSplunkHec } from './http/splunk-hec.ts';
import { sendSumo } from './http/sumo.ts';
import { formatSyslog } from './syslog.ts';
import { sendSyslog } from './transport.ts';

export type DestinationConfig = {
  type: SiemType;
  endpoint: string;
  authType: 'api_key' | 'oauth' | 'basic' | 'token';
  credentials: TSiemCredentials;
  options: TSiemOptions;
  /** batchSize; timeout in seconds (the spec's setting). */
  settings: { batchSize: number; timeout: number };
  /** Splunk: the integration's HEC channel (a UUID), needed with indexer acknowledgement. */
  channel?: string;
  /** Where every connection goes through: the egress policy of the tenant or operator. */
  network: Network;
};

export type Destination = {
  /** Sends the events in order; one outcome per event. */
  send(events: SiemEvent[]): Promise<Outcome[]>;
};

/** How often a Splunk sender asks for acknowledgements while it waits. */
const ACK_POLL_MS = 200;

/** Builds the sender of a configuration (credentials in clear: the caller has opened them). */
export function createDestination(config: DestinationConfig): Destination {
  const settings: DeliverySettings = {
    batchSize: config.settings.batchSize,
    timeoutSeconds: config.settings.timeout,
  };
  const { credentials: c, options: o, network } = config;
  switch (config.type) {
    case 'splunk':
      return splunkDestination(
        network,
        {
          endpoint: config.endpoint,
          token: c.key ?? '',
          index: o.index,
          sourcetype: o.sourcetype,
          // The channel is what asks HEC for acknowledgement ids.
          ...(o.ackEnabled ? { channel: config.channel } : {}),
        },
        settings,
        o.ackEnabled === true,
      );
    case 'elastic':
      return {
        send: (events) =>
          sendElasticBulk(
            network,
            {
              endpoint: config.endpoint,
              auth:
                config.authType === 'basic'
                  ? { username: c.username ?? '', password: c.password ?? '' }
                  : { apiKey: c.key ?? '' },
              index: o.index,
            },
            events,
            settings,
          ),
      };
    case 'sumo_logic':
      return {
        send: (events) =>
          sendSumo(
            network,
            {
              url: `${config.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(c.key ?? '')}`,
              category: o.category,
            },
            events,
            settings,
          ),
      };
    case 'sentinel': {
      const sender = new SentinelSender(
        network,
        {
          tenantId: c.tenantId ?? '',
          clientId: c.clientId ?? '',
          clientSecret: c.key ?? '',
          authorityHost: o.authorityHost,
          dceEndpoint: config.endpoint,
          dcrImmutableId: o.dcrImmutableId ?? '',
          streamName: o.streamName ?? '',
        },
        settings,
      );
      return { send: (events) => sender.send(events) };
    }
    case 'chronicle': {
      const sender = new ChronicleSender(
        network,
        {
          endpoint: config.endpoint,
          customerId: o.customerId ?? '',
          serviceAccount: JSON.parse(c.key ?? '{}') as ServiceAccountKey,
        },
        settings,
      );
      return { send: (events) => sender.send(events) };
    }
    case 'qradar':
      return syslogDestination(config, (e) => formatLeef(e));
    case 'arcsight':
      return syslogDestination(config, (e) => formatCef(e));
  }
}

/**
 * Splunk HEC; with indexer acknowledgement, an event is delivered only once HEC says its ackId
 * is indexed, polled until the timeout (then retried: Splunk's own advice for unacknowledged data).
 */
function splunkDestination(
  network: Network,
  target: SplunkHecTarget,
  settings: DeliverySettings,
  withAck: boolean,
): Destination {
  return {
    async send(events) {
      const outcomes = await sendSplunkHec(network, target, events, settings);
      if (!withAck) return outcomes;
      const waiting = new Set<number>();
      for (const o of outcomes)
        if (o.status === 'delivered' && o.receipt.ackId !== undefined) waiting.add(o.receipt.ackId);
      const acknowledged = new Set<number>();
      let problem = '';
      const deadline = Date.now() + (settings.timeoutSeconds ?? 30) * 1000;
      while (waiting.size > 0 && Date.now() < deadline) {
        const status = await checkSplunkAcks(network, target, [...waiting], settings);
        if ('error' in status) {
          problem = status.error;
          break;
        }
        for (const id of status.acknowledged) {
          waiting.delete(id);
          acknowledged.add(id);
        }
        if (waiting.size > 0) await new Promise((r) => setTimeout(r, ACK_POLL_MS));
      }
      return outcomes.map((o): Outcome => {
        if (o.status !== 'delivered') return o;
        const ackId = o.receipt.ackId;
        if (ackId === undefined)
          return {
            eventId: o.eventId,
            status: 'retry',
            reason: 'Splunk HEC answered without an ackId',
          };
        if (acknowledged.has(ackId))
          return { ...o, receipt: { ...o.receipt, note: 'indexed (ack)' } };
        const why = problem || `not acknowledged within ${settings.timeoutSeconds ?? 30} s`;
        return { eventId: o.eventId, status: 'retry', reason: `Splunk HEC ack ${ackId}: ${why}` };
      });
    },
  };
}

/**
 * QRadar (LEEF) and ArcSight (CEF) over syslog. A written message is delivered: syslog has no
 * acknowledgement of its own (TCP and TLS say the bytes were taken, UDP not even that).
 */
function syslogDestination(
  config: DestinationConfig,
  record: (event: SiemEvent) => string,
): Destination {
  const target = parseSyslogEndpoint(config.endpoint);
  return {
    async send(events) {
      if (!target)
        return dead(events, `${config.endpoint} is not a tcp://, udp:// or tls:// endpoint`);
      const timeoutMs = config.settings.timeout * 1000;
      const messages: string[] = [];
      const outcomes: (Outcome | null)[] = [];
      for (const event of events) {
        try {
          messages.push(formatSyslog(event, record(event)));
          outcomes.push(null);
        } catch (error) {
          outcomes.push({ eventId: event.id, status: 'dead', reason: (error as Error).message });
        }
      }
      const sendable = events.filter((_, i) => outcomes[i] === null);
      const results = await sendSyslog(
        config.network,
        { ...target, timeoutMs, ...(config.options.caPem ? { ca: config.options.caPem } : {}) },
        messages,
      );
      const note =
        target.protocol === 'udp'
          ? `sent over udp to ${target.host}:${target.port} (UDP has no acknowledgement)`
          : `written over ${target.protocol} to ${target.host}:${target.port}`;
      let next = 0;
      return outcomes.map((o) => {
        if (o) return o;
        const eventId = (sendable[next] as SiemEvent).id;
        const result = results[next++];
        if (result?.written) return { eventId, status: 'delivered', receipt: { status: 0, note } };
        const error = result && !result.written ? result.error : undefined;
        const reason = error?.message ?? 'not sent';
        if (!error) return { eventId, status: 'retry', reason, unreachable: true };
        if (error.kind === 'too_large') return { eventId, status: 'dead', reason };
        return { eventId, status: 'retry', reason, unreachable: true, failure: error.kind };
      });
    },
  };
}
