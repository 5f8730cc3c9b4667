// Splunk HTTP Event Collector payloads (services/collector/event): one JSON object per event,
// several concatenated with line breaks in one request body.
import { epochMillis, type SiemEvent } from '../event.ts';

export type HecOptions = {
  /** Splunk index; left to the token's default when unset. */
  index?: string;
  /** `host` of events that name no host or address (e.g. the scanner's own name). */
  host?: string;
  /** One sourcetype for every event; default `netguard:<event type>`. */
  sourcetype?: string;
};

export type HecEvent = {
  /** Epoch seconds with milliseconds as the fraction. */
  time: number;
  host?: string;
  source: string;
  sourcetype: string;
  index?: string;
  event: SiemEvent;
};

/** The HEC object of an event: host is the event's host, else its address, else `options.host`. */
export function hecEvent(event: SiemEvent, options: HecOptions = {}): HecEvent {
  const host = event.host ?? event.ip ?? options.host;
  return {
    time: epochMillis(event) / 1000,
    ...(host === undefined ? {} : { host }),
    source: event.source,
    sourcetype: options.sourcetype ?? `netguard:${event.type}`,
    ...(options.index === undefined ? {} : { index: options.index }),
    event,
  };
}

/** A request body for HEC's event endpoint: the events' JSON objects, one per line. */
export const formatHecBatch = (events: SiemEvent[], options: HecOptions = {}): string =>
  events.map((e) => JSON.stringify(hecEvent(e, options))).join('\n');
