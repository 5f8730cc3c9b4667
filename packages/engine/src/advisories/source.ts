import { open } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';

export type SourceOptions = {
  /** Largest feed accepted, in bytes, after decompression. Default 256 MiB. */
  maxBytes?: number;
  /** Longest wait for a URL, in ms, headers and body together. Default 120 s. */
  timeoutMs?: number;
};

export const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 120_000;

/** True for http:// and https:// sources; everything else is a file path. */
export const isUrl = (source: string) => /^https?:\/\//i.test(source);

/**
 * Reads a feed from a file or an http(s) URL, refusing anything over `maxBytes`; gzip (as FIRST
 * publishes EPSS) is unpacked.
 * @example await readSource('https://example.org/feed.json', { timeoutMs: 30_000 })
 */
export async function readSource(source: string, options: SourceOptions = {}): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const raw = isUrl(source)
    ? await fetchBounded(source, maxBytes, options.timeoutMs ?? DEFAULT_TIMEOUT_MS)
    : await readFileBounded(source, maxBytes);
  if (raw[0] !== 0x1f || raw[1] !== 0x8b) return raw;
  try {
    return gunzipSync(raw, { maxOutputLength: maxBytes });
  } catch (error) {
    throw new Error(`${source}: cannot unpack gzip data (${(error as Error).message})`);
  }
}

async function readFileBounded(path: string, maxBytes: number): Promise<Buffer> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw new Error(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) throw tooLarge(path, maxBytes);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

async function fetchBounded(url: string, maxBytes: number, timeoutMs: number): Promise<Buffer> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: 'follow' });
  } catch (error) {
    throw new Error(`Cannot fetch ${url}: ${describeFetchError(error, timeoutMs)}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`Cannot fetch ${url}: HTTP ${response.status} ${response.statusText}`.trim());
  }
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge(url, maxBytes);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    // The body ends or the timeout aborts it, so this loop is bounded either way.
    for await (const chunk of response.body ?? []) {
      total += chunk.byteLength;
      if (total > maxBytes) throw tooLarge(url, maxBytes);
      chunks.push(Buffer.from(chunk));
    }
  } catch (error) {
    await response.body?.cancel().catch(() => {});
    if ((error as Error).message.includes('larger than')) throw error;
    throw new Error(`Cannot fetch ${url}: ${describeFetchError(error, timeoutMs)}`);
  }
  return Buffer.concat(chunks);
}

function tooLarge(source: string, maxBytes: number): Error {
  return new Error(`${source} is larger than the ${maxBytes}-byte limit`);
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  const e = error as Error & { cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError')
    return `no answer within ${timeoutMs} ms`;
  return e.cause?.code ?? e.cause?.message ?? e.message;
}
