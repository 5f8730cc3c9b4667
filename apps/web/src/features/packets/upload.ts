import { PACKET_LIMITS, type TCaptureFile, ZApiError, ZCaptureFile } from '@netguard/contracts';
import { refreshSession } from '@/features/auth/session';
import { getAuthState } from '@/features/auth/session-store';
import { formatBytes } from '@/features/packets/packet-format';
import { ApiError } from '@/lib/api-client';

/** Upload progress as a fraction 0..1 of the file's bytes sent. */
export type TUploadProgress = (fraction: number) => void;

const NETWORK_ERROR = 'The upload failed: the server could not be reached.';

/** The reason a file cannot be uploaded before any byte is sent, or null. */
export function uploadProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (file.size > PACKET_LIMITS.maxUploadBytes)
    return `${file.name} is ${formatBytes(file.size)}; capture files can be ${formatBytes(PACKET_LIMITS.maxUploadBytes)} at most.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

/** The server's message of a failed upload (`{ error: { message } }`, or `{ message }`). */
function failure(status: number, body: string): ApiError {
  let json: unknown = null;
  try {
    json = JSON.parse(body);
  } catch {
    // A proxy's HTML error page: fall back to the status below.
  }
  const parsed = ZApiError.safeParse(json);
  if (parsed.success)
    return new ApiError(parsed.data.error.message, status, parsed.data.error.code);
  const message = (json as { message?: unknown } | null)?.message;
  if (typeof message === 'string') return new ApiError(message, status, 'http_error');
  return new ApiError(`The upload failed with status ${status}.`, status, 'http_error');
}

/**
 * One POST of the raw file. XMLHttpRequest rather than fetch because only it reports upload
 * progress in every browser.
 */
function send(file: File, onProgress: TUploadProgress, signal?: AbortSignal) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/packets/captures?${new URLSearchParams({ name: file.name })}`);
    const token = getAuthState().session?.access_token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR, 0, 'network_error'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** Uploads a .pcap or .pcapng file, renewing the session once on 401; the stored capture. */
export async function uploadCapture(
  file: File,
  onProgress: TUploadProgress,
  signal?: AbortSignal,
): Promise<TCaptureFile> {
  const problem = uploadProblem(file);
  if (problem) throw new ApiError(problem, 413, 'bad_request');
  let result = await send(file, onProgress, signal);
  if (result.status === 401 && (await refreshSession())) {
    onProgress(0);
    result = await send(file, onProgress, signal);
  }
  if (result.status < 200 || result.status >= 300) throw failure(result.status, result.body);
  let body: unknown = null;
  try {
    body = JSON.parse(result.body);
  } catch {
    // Reported as unexpected just below.
  }
  const parsed = ZCaptureFile.safeParse(body);
  if (!parsed.success)
    throw new ApiError('The server sent an unexpected response.', result.status, 'bad_response');
  return parsed.data;
}
