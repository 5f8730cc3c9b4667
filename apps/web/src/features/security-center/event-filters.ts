import { type TSecurityEventsQuery, ZSecurityEventsQuery } from '@netguard/contracts';

/** The Recent Events filters, kept in the page's address so a card can link to a filtered list. */
export type TEventFilters = Pick<TSecurityEventsQuery, 'type' | 'severity' | 'grants' | 'window'>;

/** The element id of the page's tabs, which the summary cards' links scroll to. */
export const SECURITY_TABS_ID = 'security-tabs';
export const SECURITY_TABS = ['incidents', 'events', 'compliance', 'policies'] as const;
export type TSecurityTab = (typeof SECURITY_TABS)[number];

const shape = ZSecurityEventsQuery.shape;
const read = (params: URLSearchParams, key: string) => params.get(key) ?? undefined;

/** The tab the address names, else Security Incidents. */
export function readTab(params: URLSearchParams): TSecurityTab {
  const tab = params.get('tab');
  return SECURITY_TABS.find((t) => t === tab) ?? 'incidents';
}

/**
 * The filters the address names; anything unknown reads as its default. Per-request permission
 * grants (about one per API call) stay hidden unless the address asks for them.
 */
export function readEventFilters(params: URLSearchParams): TEventFilters {
  return {
    type: shape.type.safeParse(read(params, 'type')).data ?? 'all',
    severity: shape.severity.safeParse(read(params, 'severity')).data ?? 'all',
    window: shape.window.safeParse(read(params, 'window')).data ?? 'all',
    grants: params.get('grants') === 'show' ? 'show' : 'hide',
  };
}

/**
 * The address query of the Recent Events tab with these filters (defaults left out).
 * @example eventsSearch({ type: 'all', severity: 'critical', window: '24h', grants: 'hide' })
 *   // 'tab=events&severity=critical&window=24h'
 */
export function eventsSearch(filters: TEventFilters): string {
  const params = new URLSearchParams({ tab: 'events' });
  if (filters.type !== 'all') params.set('type', filters.type);
  if (filters.severity !== 'all') params.set('severity', filters.severity);
  if (filters.window !== 'all') params.set('window', filters.window);
  if (filters.grants === 'show') params.set('grants', 'show');
  return params.toString();
}

/** The events behind the Critical Alerts card: critical ones of the last 24 hours. */
export const CRITICAL_EVENTS: TEventFilters = {
  type: 'all',
  severity: 'critical',
  window: '24h',
  grants: 'hide',
};
