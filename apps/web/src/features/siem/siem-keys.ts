import type { TSiemDeliveryState, TSiemType } from '@netguard/contracts';

/** Query keys of the SIEM Integrations page. */
export const siemKeys = {
  all: ['siem'] as const,
  integrations: () => [...siemKeys.all, 'integrations'] as const,
  deliveries: (id: string, state: TSiemDeliveryState | 'all') =>
    [...siemKeys.all, 'deliveries', id, state] as const,
  queries: (siemType: TSiemType) => [...siemKeys.all, 'queries', siemType] as const,
};
