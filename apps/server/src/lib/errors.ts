import type { SCAN_ERROR_CODES, TErrorCode } from '@netguard/contracts';

/** A failure the caller can act on: serialised as `{ error: { code, message } }` with `status`. */
export class AppError extends Error {
  constructor(
    readonly code: TErrorCode | (typeof SCAN_ERROR_CODES)[number],
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Whether a database error (or the driver error it wraps) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  const err = error as { code?: string; cause?: { code?: string } };
  return err.code === '23505' || err.cause?.code === '23505';
}

export const notFound = (what: string) => new AppError('not_found', 404, `${what} not found`);
