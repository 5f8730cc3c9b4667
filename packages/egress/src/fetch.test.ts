import { once } from 'node:events';
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { classifyFailure } from './errors.ts';
import { egressFetch } from './fetch.ts';
import { createEgressPolicy } from './policy.ts';

const { host } = testResources();
const tenant = { operator: false };
const requests: string[] = [];
let servers: http.Server[] = [];
let base: string;
let insideOnly: string;

async function serve(address: string, handler: http.RequestListener): Promise<string> {
  const server = http.createServer((req, res) => {
    requests.push(`${address}${req.url}`);
    handler(req, res);
  });
  servers.push(server);
  server.listen(0, address);
  await once(server, 'listening');
  return `http://${address}:${(server.address() as net.AddressInfo).port}`;
}

beforeAll(async () => {
  // A second server on another address of the block, which the policy below does not allow.
  insideOnly = await serve(host(2), (_, res) => res.end('should never be asked'));
  base = await serve(host(1), (req, res) => {
    const to: Record<string, string> = {
      '/redirect-in': '/ok',
      '/redirect-out': `${insideOnly}/secret`,
      '/redirect-metadata': 'http://169.254.169.254/latest/meta-data/',
    };
    const location = to[req.url ?? ''];
    if (location) res.writeHead(302, { location }).end();
    else if (req.url === '/declared-big')
      res.writeHead(200, { 'content-length': 5000 }).end('x'.repeat(5000));
    else if (req.url === '/streamed-big') {
      // No length announced: 64 chunks of 1 KiB, of which a reader with a 4 KiB limit takes 4.
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 64; i++) res.write('y'.repeat(1024));
      res.end();
    } else res.end('fine');
  });
});
afterAll(() => {
  for (const server of servers) server.close();
  servers = [];
});

/** The policy failure behind a failed fetch. */
async function causeOf(request: Promise<unknown>) {
  const error = await request.then(
    () => undefined,
    (e: unknown) => e,
  );
  return classifyFailure((error as { cause?: unknown })?.cause ?? error);
}

describe('fetch through the egress policy', () => {
  const fetchAsTenant = egressFetch(createEgressPolicy({ allowed: [`${host(1)}/32`] }), {
    who: tenant,
  });

  it('fetches from an allowed destination and follows redirects that stay allowed', async () => {
    expect(await (await fetchAsTenant(`${base}/ok`)).text()).toBe('fine');
    expect(await (await fetchAsTenant(`${base}/redirect-in`)).text()).toBe('fine');
  });

  it('refuses a redirect that leaves the policy, before connecting to where it points', async () => {
    const before = requests.length;
    expect(await causeOf(fetchAsTenant(`${base}/redirect-out`))).toMatchObject({
      kind: 'policy',
      message: expect.stringContaining(`${host(2)} port`),
    });
    expect(await causeOf(fetchAsTenant(`${base}/redirect-metadata`))).toMatchObject({
      kind: 'policy',
      message: expect.stringContaining('169.254.169.254 port 80 is never reached'),
    });
    expect(requests.slice(before)).toEqual([
      `${host(1)}/redirect-out`,
      `${host(1)}/redirect-metadata`,
    ]);
  });

  it('connects to the address it checked, whatever the name resolves to next', async () => {
    let lookups = 0;
    const rebinding = egressFetch(createEgressPolicy({ allowed: [`${host(1)}/32`] }), {
      who: tenant,
      // First the allowed address, then (a rebinding DNS server) one the policy refuses.
      lookup: async () => [{ address: lookups++ === 0 ? host(1) : host(2), family: 4 }],
    });
    const port = new URL(base).port;
    expect(await (await rebinding(`http://receiver.example:${port}/ok`)).text()).toBe('fine');
    expect(lookups).toBe(1);
    expect(requests.at(-1)).toBe(`${host(1)}/ok`);
  });

  it('classifies a refused connection as refused', async () => {
    const open = egressFetch(createEgressPolicy({ allowed: [`${host(3)}/32`] }), { who: tenant });
    const port = new URL(base).port;
    expect(await causeOf(open(`http://${host(3)}:${port}/`))).toMatchObject({
      kind: 'refused',
      message: 'refused',
    });
  });
});

describe('answers are read up to a limit', () => {
  const small = egressFetch(createEgressPolicy({ allowed: [`${host(1)}/32`] }), {
    who: tenant,
    maxResponseBytes: 4096,
  });

  it('refuses an answer whose declared length is past the limit, before reading it', async () => {
    const failure = await causeOf(small(`${base}/declared-big`));
    expect(failure.kind).toBe('too_large');
    expect(failure.message).toBe('answer larger than 4096 bytes');
  });

  it('stops reading a streamed answer once it passes the limit', async () => {
    const response = await small(`${base}/streamed-big`);
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${base}/streamed-big`);
    const failure = await causeOf(response.text());
    expect(failure.kind).toBe('too_large');
  });

  it('reads an answer within the limit whole', async () => {
    expect(await (await small(`${base}/ok`)).text()).toBe('fine');
  });
});
