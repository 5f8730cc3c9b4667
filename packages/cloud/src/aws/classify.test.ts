import { describe, expect, it } from 'vitest';
import { classifyAws } from './classify.ts';

/** An error shaped as the SDK throws it. */
const sdkError = (name: string, status: number, headers: Record<string, string> = {}) =>
  Object.assign(new Error(`${name} happened`), {
    name,
    $metadata: { httpStatusCode: status },
    $response: { headers },
  });

describe('classifyAws', () => {
  it('retries throttling after the Retry-After the service sent', () => {
    expect(classifyAws(sdkError('ThrottlingException', 400, { 'retry-after': '7' }))).toMatchObject(
      {
        outcome: 'throttled',
        retry: true,
        retryAfterMs: 7000,
      },
    );
    expect(classifyAws(sdkError('SlowDown', 503))).toMatchObject({
      outcome: 'throttled',
      retry: true,
    });
    expect(classifyAws(sdkError('Whatever', 429)).outcome).toBe('throttled');
  });

  it('does not retry a denial', () => {
    for (const name of ['AccessDenied', 'UnauthorizedOperation', 'Forbidden'])
      expect(classifyAws(sdkError(name, 403))).toMatchObject({ outcome: 'denied', retry: false });
  });

  it('retries server faults and dropped connections, not client errors', () => {
    expect(classifyAws(sdkError('InternalError', 500))).toMatchObject({
      outcome: 'error',
      retry: true,
    });
    expect(
      classifyAws(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })),
    ).toMatchObject({ retry: true });
    expect(classifyAws(sdkError('ValidationError', 400))).toMatchObject({
      outcome: 'error',
      retry: false,
    });
    expect(classifyAws(sdkError('ValidationError', 400)).message).toBe(
      'ValidationError: ValidationError happened',
    );
  });
});
