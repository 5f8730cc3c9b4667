/** Query keys of the scans domain; realtime events update and invalidate the same keys. */
export const scanKeys = {
  all: ['scans'] as const,
  lists: () => [...scanKeys.all, 'list'] as const,
  list: (limit: number, offset: number) => [...scanKeys.lists(), { limit, offset }] as const,
  details: () => [...scanKeys.all, 'detail'] as const,
  detail: (id: string) => [...scanKeys.details(), id] as const,
};
