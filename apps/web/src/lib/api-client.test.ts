import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** A 200 answer whose body arrives slowly and stops with the abort, as fetch's body does. */
function answerCutByAbort(signal: AbortSignal): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"items":['));
      signal.addEventListener('abort', () => controller.error(signal.reason));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
}

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('rejects with the abort, and logs nothing, when cancelled while the body arrives', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init: RequestInit) =>
        answerCutByAbort(init.signal as AbortSignal),
      ),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const read = apiRequest('/api/reports', {
      schema: z.object({ items: z.array(z.unknown()) }),
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 10);
    await expect(read).rejects.toMatchObject({ name: 'AbortError' });
    expect(logged).not.toHaveBeenCalled();
  });

  it('still calls a complete body the schema refuses an unexpected response', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"total":"x"}', { status: 200 })),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(
      apiRequest('/api/reports', { schema: z.object({ total: z.number() }) }),
    ).rejects.toMatchObject({ code: 'bad_response' });
    expect(logged).toHaveBeenCalledOnce();
  });
});
