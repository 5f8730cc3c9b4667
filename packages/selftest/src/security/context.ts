// What every security test receives: the deployment's base URL, an HTTP client and a TLS prober
// bound to it and sharing one request budget, NetGuard's auth routes, and the canaries (made on
// first use, once per run, removed by dispose()).
import {
  CSRF_COOKIE_NAME,
  CSRF_HEADER_NAME,
  REFRESH_COOKIE_NAME,
  SECURE_CSRF_COOKIE_NAME,
  SECURE_REFRESH_COOKIE_NAME,
} from '@netguard/contracts';
import type { CanaryProvider, CanarySet } from './canary.ts';
import { createBudget, createScopedHttpClient, type HttpClient } from './http.ts';
import { createTlsProber, type TlsProber } from './tls-probe.ts';

/** NetGuard's routes the session, sign-in and authorization tests use (the defaults are NetGuard's). */
export type NetGuardRoutes = {
  signIn: string;
  refresh: string;
  signOut: string;
  /** A protected GET that answers with the caller's e-mail. */
  identity: string;
  /** A protected POST { current_password, new_password } that changes the caller's password. */
  changePassword: string;
  /** POST { organization_id } moving the session to another organization of the user. */
  switchOrganization: string;
  openapi: string;
  metrics: string;
  refreshCookie: string;
  csrfCookie: string;
  csrfHeader: string;
};

export const NETGUARD_ROUTES: NetGuardRoutes = {
  signIn: '/api/auth/sign-in',
  refresh: '/api/auth/refresh',
  signOut: '/api/auth/sign-out',
  identity: '/api/profile',
  changePassword: '/api/account/password',
  switchOrganization: '/api/organizations/switch',
  openapi: '/api/openapi.json',
  metrics: '/metrics',
  refreshCookie: REFRESH_COOKIE_NAME,
  csrfCookie: CSRF_COOKIE_NAME,
  csrfHeader: CSRF_HEADER_NAME,
};

/** Over https NetGuard names its session cookies with the __Secure- and __Host- prefixes. */
export const NETGUARD_HTTPS_COOKIES: Pick<NetGuardRoutes, 'refreshCookie' | 'csrfCookie'> = {
  refreshCookie: SECURE_REFRESH_COOKIE_NAME,
  csrfCookie: SECURE_CSRF_COOKIE_NAME,
};

export type SecurityContext = {
  baseUrl: URL;
  /** The plain-HTTP origin on the same host the redirect test starts from (http://host:80 by default). */
  plainHttpUrl: URL;
  http: HttpClient;
  /** Null when the deployment is served over plain HTTP. */
  tls: TlsProber | null;
  routes: NetGuardRoutes;
  /** 'METHOD /path' operations of the OpenAPI document that may answer without credentials. */
  publicOperations: readonly string[];
  /** The canaries of this run, created on the first call; null without a provider. */
  canaries(): Promise<CanarySet | null>;
};

export type SecurityContextOptions = {
  baseUrl: string;
  plainHttpUrl?: string;
  /** Requests and TLS handshakes the run may send. */
  requestBudget?: number;
  /** Extra trust anchors (PEM) for a deployment whose certificate comes from a private CA. */
  ca?: string;
  canary?: CanaryProvider;
  routes?: Partial<NetGuardRoutes>;
  publicOperations?: readonly string[];
};

/** NetGuard's operations that answer without credentials by design (sign-in, sign-up, health...). */
export const NETGUARD_PUBLIC_OPERATIONS: readonly string[] = [
  'POST /api/auth/sign-up',
  'POST /api/auth/confirm',
  'POST /api/auth/password-reset',
  'POST /api/auth/sign-in',
  'POST /api/auth/mfa',
  'POST /api/auth/refresh',
  'POST /api/auth/sign-out',
  'GET /api/auth/session',
  // The web's session check answers an ended session with its reason, not a 401, by design.
  'GET /api/auth/session-check',
  'GET /api/health',
  'GET /api/sso/*',
  'POST /api/sso/*',
];

export const DEFAULT_REQUEST_BUDGET = 1_000;

export function createSecurityContext(options: SecurityContextOptions): {
  context: SecurityContext;
  dispose(): Promise<void>;
} {
  const baseUrl = new URL(options.baseUrl);
  const plainHttpUrl = new URL(
    options.plainHttpUrl ?? `http://${baseUrl.host.replace(/:\d+$/, '')}`,
  );
  const budget = createBudget(options.requestBudget ?? DEFAULT_REQUEST_BUDGET);
  const http = createScopedHttpClient(baseUrl, budget, { plainHttpUrl, ca: options.ca });
  const https = baseUrl.protocol === 'https:';
  const port = Number(baseUrl.port || (https ? 443 : 80));
  const host = baseUrl.hostname.replace(/^\[|\]$/g, '');
  const tls = https
    ? createTlsProber(host, port, budget.spend, {
        ca: options.ca,
        servername: /^[\d.:]+$/.test(host) ? undefined : host,
      })
    : null;
  let made: Promise<CanarySet> | undefined;
  const context: SecurityContext = {
    baseUrl,
    plainHttpUrl,
    http,
    tls,
    routes: {
      ...NETGUARD_ROUTES,
      ...(https ? NETGUARD_HTTPS_COOKIES : {}),
      ...options.routes,
    },
    publicOperations: options.publicOperations ?? NETGUARD_PUBLIC_OPERATIONS,
    async canaries() {
      if (!options.canary) return null;
      made ??= options.canary.create();
      return made;
    },
  };
  return {
    context,
    async dispose() {
      if (!made || !options.canary) return;
      const set = await made.catch(() => null);
      if (set) await options.canary.remove(set);
    },
  };
}
