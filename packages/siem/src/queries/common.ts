// What every query generator shares: its shape, the options, and the thresholds and patterns of
// the three use cases, so that all SIEMs look for the same thing.
import type { TSiemQuery, TSiemQueryUseCase } from '@netguard/contracts';

/** Integration options that name where the events land (see ZSiemOptions). */
export type SiemQueryOptions = {
  /** Splunk, Elastic: the index (Elastic: index, alias or data stream; a pattern is fine). */
  index?: string;
  /** Splunk: the sourcetype the events were given instead of netguard:<event type>. */
  sourcetype?: string;
  /** Sentinel: the DCR stream, Custom-<table>; the table is the name without "Custom-". */
  streamName?: string;
  /** Sumo Logic: the source category (X-Sumo-Category). */
  category?: string;
};

/** A generated query and what it reads from the formatter's output. */
export type BuiltQuery = Pick<TSiemQuery, 'kind' | 'query'> & {
  /** Appended to the use case's title: approximations, the time range to pick. */
  note?: string;
  /** The format's field names the query reads (as the formatter writes them). */
  fields: readonly string[];
  /** Values the query filters on, as the formatter writes them for a matching event. */
  filters: Readonly<Record<string, string>>;
};

export type QueryGenerator = {
  /** TSiemQuery.language. */
  language: string;
  /** How the query names a format field, when not by the field's own name. */
  reference?: (field: string) => string;
  queries: Record<TSiemQueryUseCase, (options: SiemQueryOptions) => BuiltQuery>;
};

export const USE_CASE_TITLES: Record<TSiemQueryUseCase, string> = {
  critical_vulnerabilities_24h: 'Critical vulnerabilities in the last 24 hours',
  failed_signin_burst:
    'Failed sign-in bursts: 5 or more failures for one user and source in 10 minutes',
  new_exposed_services:
    'New exposed services: host and port first seen in the last 24 hours, not in the 7 days before',
};

/** A burst: at least BURST_COUNT failures within BURST_MINUTES. */
export const BURST_COUNT = 5;
export const BURST_MINUTES = 10;
/** New services: first seen in the last day of an 8-day lookback (none in the 7 days before). */
export const LOOKBACK_DAYS = 8;

/** Event types that name an open port (a finding on a port, a scan's result). */
export const PORT_EVENT_TYPES = ['vulnerability_found', 'scan_completed'] as const;

/** Sign-in-like categories and titles; the same test as udmEventType in http/chronicle.ts. */
export const AUTH_REGEX = 'auth|login|logon|sign-?in';
/** The same words for languages that only have wildcards. */
export const AUTH_WORDS = ['auth', 'login', 'logon', 'sign-in', 'signin'] as const;

/** A double-quoted string literal (backslash and double quote escaped). */
export const quote = (value: string): string => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
