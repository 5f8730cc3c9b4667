import { CSRF_HEADER_NAME, ZApiError } from '@netguard/contracts';
import type { z } from 'zod';
import { readCsrfCookie } from '@/lib/cookies';

/** An API failure carrying the server's message, HTTP status and error code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(message: string, status: number, code: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** How the client reaches the session: the in-memory token and a refresh that renews it. */
export type ApiAuthHooks = {
  getAccessToken: () => string | null;
  /** Renews the access token; resolves false when there is no valid session any more. */
  refresh: () => Promise<boolean>;
  onUnauthorized: () => void;
};

let authHooks: ApiAuthHooks | null = null;

/** Connects the client to the session store (called once by the auth feature). */
export function configureApiAuth(hooks: ApiAuthHooks): void {
  authHooks = hooks;
}

export type ApiRequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** JSON-encoded, except a Blob (a file), sent as it is. */
  body?: unknown;
  /** Response schema from @netguard/contracts; the parsed value is returned. */
  schema?: z.ZodType<T>;
  /** Send the bearer token and retry once after a refresh on 401 (default true). */
  auth?: boolean;
  /** Send the double-submit CSRF header read from the CSRF cookie. */
  csrf?: boolean;
  signal?: AbortSignal;
};

const NETWORK_ERROR = 'Unable to reach the NetGuard server. Check your connection and try again.';

async function send(path: string, options: ApiRequestOptions<unknown>): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A Blob (a file) goes as the raw body; anything else as JSON.
  const raw = options.body instanceof Blob;
  if (options.body !== undefined)
    headers['Content-Type'] = raw ? 'application/octet-stream' : 'application/json';
  const token = options.auth === false ? null : authHooks?.getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const csrf = options.csrf ? readCsrfCookie() : null;
  if (csrf) headers[CSRF_HEADER_NAME] = csrf;
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: raw
        ? (options.body as Blob)
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR, 0, 'network_error');
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = ZApiError.safeParse(body);
  if (parsed.success) {
    return new ApiError(parsed.data.error.message, response.status, parsed.data.error.code);
  }
  const fallback = response.statusText || `Request failed with status ${response.status}`;
  return new ApiError(fallback, response.status, 'http_error');
}

/** Sends, renewing the session once on 401; throws ApiError on any non-2xx answer. */
async function sendWithRefresh(path: string, options: ApiRequestOptions<unknown>) {
  let response = await send(path, options);
  if (response.status === 401 && options.auth !== false && authHooks) {
    const renewed = await authHooks.refresh();
    if (renewed) response = await send(path, options);
    if (response.status === 401) authHooks.onUnauthorized();
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/**
 * Fetches a file the API serves as an attachment and hands it to the browser as a download,
 * named as the server's Content-Disposition says (or `fallbackName`). `request` makes it a POST
 * with a JSON body, for exports built from what the page holds.
 */
export async function apiDownload(
  path: string,
  fallbackName: string,
  request: Pick<ApiRequestOptions<unknown>, 'method' | 'body'> = {},
): Promise<Headers> {
  const response = await sendWithRefresh(path, request);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return response.headers;
}

/**
 * The JSON body, or null when there is none or it is not JSON. A request cancelled while its body
 * was arriving (a refetch replacing it, the page left) rejects with the abort, as before the
 * answer came: it is not an unexpected response.
 */
async function readBody(response: Response, signal: AbortSignal | undefined): Promise<unknown> {
  if (response.status === 204) return null;
  try {
    return await response.json();
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}

/**
 * Calls the NetGuard API and returns the JSON body, parsed by `schema` when given.
 * Throws ApiError with the server's message on any non-2xx answer.
 * @example const home = await apiRequest('/api/dashboard', { schema: ZDashboardHome });
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: ApiRequestOptions<T> = {},
): Promise<T> {
  const response = await sendWithRefresh(path, options);
  const body = await readBody(response, options.signal);
  if (!options.schema) return body as T;
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    console.error(`Unexpected response from ${path}:`, parsed.error);
    throw new ApiError('The server sent an unexpected response.', response.status, 'bad_response');
  }
  return parsed.data;
}

/** The message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
