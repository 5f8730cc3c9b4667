/** Query keys of the scans domain; realtime events update and invalidate the same keys. */
export const scanKeys = {
  all: ['scans'] as const,
  lists: () => [...scanKeys.all, 'list'] as const,
  list: (limit: number, offset: number) => [...scanKeys.lists(), { limit, offset }] as const,
  /** A page of the history: the API query string of its filters and paging. */
  history: (query: string) => [...scanKeys.lists(), 'history', query] as const,
  /** The duration estimate of a scan form's type, targets and ports. */
  estimate: (body: object) => [...scanKeys.all, 'estimate', body] as const,
  details: () => [...scanKeys.all, 'detail'] as const,
  /** How long the organization's completed scans took, per scan type. */
  durations: () => [...scanKeys.all, 'durations'] as const,
  detail: (id: string) => [...scanKeys.details(), id] as const,
};
