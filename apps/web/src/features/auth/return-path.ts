const DEFAULT_PATH = '/dashboard';

/** The dashboard path a guard redirected from, else /dashboard. Never leaves the dashboard. */
export function returnPath(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return DEFAULT_PATH;
  const from = (state as { from?: { pathname?: unknown; search?: unknown } }).from;
  const pathname = typeof from?.pathname === 'string' ? from.pathname : '';
  if (pathname !== DEFAULT_PATH && !pathname.startsWith(`${DEFAULT_PATH}/`)) return DEFAULT_PATH;
  const search = typeof from?.search === 'string' ? from.search : '';
  return `${pathname}${search}`;
}
