import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_FAILED_LINE, textDownload } from './text-download.ts';

const run = promisify(execFile);

/** Rows, then (when `failAfter` is set) a source that fails like a lost database would. */
async function* rows(count: number, failAfter?: number): AsyncGenerator<string> {
  for (let i = 1; i <= count; i += 1) {
    if (i === failAfter) throw new Error('connection to the database was lost');
    await new Promise((resolve) => setImmediate(resolve));
    yield `row ${i}\n`;
  }
}

/** What curl says about GET `url`: exit code, stderr and the body it saved. */
function curl(url: string) {
  return run('curl', ['-sS', url], { encoding: 'utf8' }).then(
    (out) => ({ code: 0, stdout: out.stdout, stderr: out.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe('textDownload', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.get<{ Querystring: { fail?: string } }>('/export', async (request, reply) => {
      const failAfter = request.query.fail ? Number(request.query.fail) : undefined;
      return reply
        .header('content-type', 'text/csv')
        .send(await textDownload(rows(2000, failAfter)));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  it('sends every chunk of a source that ends', async () => {
    const done = await curl(`${base}/export`);
    expect(done.code).toBe(0);
    expect(done.stdout.split('\n')).toHaveLength(2001);
    expect(done.stdout.endsWith('row 2000\n')).toBe(true);
  });

  it('ends a body whose source fails mid-way with a line saying so, and cuts the transfer', async () => {
    const cut = await curl(`${base}/export?fail=1500`);
    expect(cut.stdout.startsWith('row 1\nrow 2\n')).toBe(true);
    expect(cut.stdout.endsWith(`row 1499\n${DOWNLOAD_FAILED_LINE}`)).toBe(true);
    // curl: (18) transfer closed with outstanding read data remaining
    expect(cut.code).toBe(18);
    expect(cut.stderr).toMatch(/transfer closed with outstanding read data remaining/);
  });

  it('answers an error, with nothing of a body, when the source fails before its first chunk', async () => {
    const res = await app.inject({ method: 'GET', url: '/export?fail=1' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('row');
  });
});
