/** Business constants and limits (spec part 1 §9, part 2 §9). */
export const SUBSCRIPTION_RECHECK_MS = 60_000;
export const CHECKOUT_RECHECK_MS = 3_000;
export const CHECKOUT_RECHECK_WINDOW_MS = 30_000;
export const MOBILE_BREAKPOINT_PX = 768;
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
export const NOTICE_AUTO_DISMISS_MS = 5_000;
export const RECENT_SCANS_LIMIT = 5;
export const REPORTS_WINDOW_DAYS = 7;
export const ANALYTICS_TIMEFRAME = '30d';
export const SESSION_REFRESH_TICK_MS = 30_000;
export const SESSION_REFRESH_THRESHOLD_TICKS = 3;
export const REALTIME_HEARTBEAT_MS = 25_000;
export const REALTIME_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000] as const;
export const QUERY_STALE_MS = 5 * 60_000;
export const QUERY_GC_MS = 10 * 60_000;

/** Access token lifetime: 15 minutes. Refresh token lifetime: 30 days. */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60;
export const REFRESH_COOKIE_NAME = 'ng_refresh';
export const CSRF_HEADER_NAME = 'x-netguard-csrf';
export const CSRF_COOKIE_NAME = 'ng_csrf';
/**
 * The session cookies' names on a deployment reached over https: prefixes browsers enforce, so
 * that a cookie set over plain HTTP or by another host cannot pose as them (__Host-: Secure,
 * Path=/, no Domain; __Secure-: Secure, for the refresh cookie kept to /api/auth).
 */
export const SECURE_REFRESH_COOKIE_NAME = `__Secure-${REFRESH_COOKIE_NAME}`;
export const SECURE_CSRF_COOKIE_NAME = `__Host-${CSRF_COOKIE_NAME}`;
/** Wrong passwords from one address before that address is locked out of the account, and for how long. */
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_MINUTES = 15;
