import type { Readable } from 'node:stream';
import { FEED_UPLOAD_MAX_BYTES } from '@netguard/contracts';
import { AppError } from '../../lib/errors.ts';
import { FEED_TEXT } from './feeds.text.ts';

/** Reads the request body, refusing more than FEED_UPLOAD_MAX_BYTES. */
export async function readBody(stream: Readable | undefined): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream ?? []) {
    size += (chunk as Buffer).length;
    if (size > FEED_UPLOAD_MAX_BYTES)
      throw new AppError('bad_request', 413, FEED_TEXT.tooLarge(FEED_UPLOAD_MAX_BYTES));
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts);
}

/**
 * The file of a multipart/form-data body (its first part with a file name, or its first part),
 * or the raw body as it came.
 */
export function uploadedFile(
  body: Buffer,
  contentType: string | undefined,
  fallbackName: string,
): { name: string; bytes: Buffer } {
  const boundary = /^multipart\/form-data;.*boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
  if (!boundary) return { name: fallbackName, bytes: body };
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: { name: string | null; bytes: Buffer }[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const headersStart = at + delimiter.length + 2;
    const next = body.indexOf(delimiter, headersStart);
    if (next < 0) break;
    const headersEnd = body.indexOf('\r\n\r\n', headersStart);
    if (headersEnd < 0 || headersEnd > next) break;
    const headers = body.subarray(headersStart, headersEnd).toString('utf8');
    const name = /filename="([^"]*)"/i.exec(headers)?.[1] ?? null;
    parts.push({ name, bytes: body.subarray(headersEnd + 4, next - 2) });
    at = next;
  }
  const file = parts.find((p) => p.name) ?? parts[0];
  if (!file) throw new AppError('bad_request', 400, FEED_TEXT.empty);
  return { name: file.name || fallbackName, bytes: Buffer.from(file.bytes) };
}
