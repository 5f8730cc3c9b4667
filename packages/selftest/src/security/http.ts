// The suite's only way to talk HTTP: bound to the deployment's origin (and its plain-HTTP twin for
// the redirect test), counting every request against the run's budget. It never follows redirects,
// so each answer is what the deployment itself said.
import http from 'node:http';
import https from 'node:https';

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type HttpRequest = {
  method?: HttpMethod;
  /** A path on the base URL ('/api/x?y=1'), or an absolute URL of the same host. */
  path: string;
  headers?: Record<string, string>;
  /** JSON-encoded when an object. */
  body?: unknown;
  /** The most of the body kept (MAX_BODY by default; the OpenAPI document needs more). */
  maxBytes?: number;
};

export type HttpAnswer = {
  method: HttpMethod;
  url: string;
  status: number;
  headers: Record<string, string>;
  /** Each Set-Cookie line on its own. */
  setCookies: string[];
  /** The body as text, at most the request's maxBytes (MAX_BODY by default). */
  body: string;
};

export type HttpClient = {
  request(request: HttpRequest, signal?: AbortSignal): Promise<HttpAnswer>;
  readonly budget: RequestBudget;
};

/** The run's request budget, shared by HTTP requests and TLS handshakes. */
export type RequestBudget = { readonly limit: number; readonly used: number; spend(): void };

export function createBudget(limit: number): RequestBudget {
  let used = 0;
  return {
    limit,
    get used() {
      return used;
    },
    spend() {
      if (used >= limit)
        throw new BudgetSpentError(`the run's budget of ${limit} requests is spent`);
      used += 1;
    },
  };
}

export const MAX_BODY = 256 * 1024;
const TIMEOUT_MS = 10_000;

export class OutOfScopeError extends Error {}
export class BudgetSpentError extends Error {}

/** Parses a JSON body, or undefined when it is not JSON. */
export function jsonOf(answer: HttpAnswer): unknown {
  try {
    return JSON.parse(answer.body);
  } catch {
    return undefined;
  }
}

/**
 * The error message of an answer: `{ message }` or NetGuard's `{ error: { code, message } }`;
 * undefined when the body carries none.
 */
export function errorMessageOf(answer: HttpAnswer): string | undefined {
  const body = jsonOf(answer) as { message?: unknown; error?: { message?: unknown } } | undefined;
  const message = body?.message ?? body?.error?.message;
  return typeof message === 'string' ? message : undefined;
}

function resolveUrl(base: URL, origins: ReadonlySet<string>, path: string): URL {
  const url = new URL(path, base);
  if (!origins.has(url.origin))
    throw new OutOfScopeError(`${url.origin} is not the deployment's origin ${base.origin}`);
  return url;
}

function send(
  url: URL,
  method: HttpMethod,
  request: HttpRequest,
  ca: string | undefined,
  signal?: AbortSignal,
) {
  const body =
    request.body === undefined
      ? undefined
      : typeof request.body === 'string'
        ? request.body
        : JSON.stringify(request.body);
  const headers: Record<string, string> = { 'user-agent': 'netguard-selftest', ...request.headers };
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
    headers['content-type'] = 'application/json';
  const transport = url.protocol === 'https:' ? https : http;
  const limit = request.maxBytes ?? MAX_BODY;
  return new Promise<HttpAnswer>((resolve, reject) => {
    const req = transport.request(
      url,
      {
        method,
        headers,
        signal,
        timeout: TIMEOUT_MS,
        // Certificate trust is the certificate test's question; here the exchange must happen.
        rejectUnauthorized: false,
        ca,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < limit) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => {
          const flat: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers))
            if (name !== 'set-cookie' && value !== undefined)
              flat[name] = Array.isArray(value) ? value.join(', ') : value;
          resolve({
            method,
            url: url.toString(),
            status: res.statusCode ?? 0,
            headers: flat,
            setCookies: res.headers['set-cookie'] ?? [],
            body: Buffer.concat(chunks).subarray(0, limit).toString('utf8'),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () =>
      req.destroy(new Error(`no answer from ${url.host} in ${TIMEOUT_MS} ms`)),
    );
    req.on('error', reject);
    req.end(body);
  });
}

export type ScopeOptions = {
  /** The deployment's plain-HTTP origin on the same host (the redirect test's start). */
  plainHttpUrl?: URL;
  /** Extra trust anchors for an https deployment with a private CA. */
  ca?: string;
};

/**
 * An HTTP client that talks only to `baseUrl`'s origin (and its plain-HTTP twin on the same host)
 * and spends one unit of `budget` per request (refused once it is spent).
 */
export function createScopedHttpClient(
  baseUrl: URL,
  budget: RequestBudget,
  { plainHttpUrl, ca }: ScopeOptions = {},
): HttpClient {
  if (plainHttpUrl && plainHttpUrl.hostname !== baseUrl.hostname)
    throw new OutOfScopeError(`${plainHttpUrl.host} is not the deployment's host ${baseUrl.host}`);
  const origins = new Set([baseUrl.origin, ...(plainHttpUrl ? [plainHttpUrl.origin] : [])]);
  return {
    budget,
    async request(request, signal) {
      const url = resolveUrl(baseUrl, origins, request.path);
      budget.spend();
      return send(url, request.method ?? 'GET', request, ca, signal);
    },
  };
}
