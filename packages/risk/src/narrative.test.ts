import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assess } from './assess.ts';
import { writeNarrative } from './narrative.ts';
import { testInput } from './test-input.ts';

type Reply = (body: Record<string, unknown>, res: http.ServerResponse) => void;
let reply: Reply;
const received: Array<{ url?: string; auth?: string; body: Record<string, unknown> }> = [];
let server: http.Server;
let baseUrl: string;

/** A local server speaking POST /v1/chat/completions, answering as `reply` says. */
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(data || '{}');
      received.push({ url: `${req.method} ${req.url}`, auth: req.headers.authorization, body });
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      reply(body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(
  () =>
    new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    }),
);

const json = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

describe('writeNarrative', () => {
  const assessment = assess(testInput());

  it('sends the structured assessment and returns the paragraph with the model name', async () => {
    reply = (body, res) => {
      const facts = JSON.parse((body.messages as Array<{ content: string }>)[1]?.content ?? '{}');
      json(res, 200, {
        model: 'local-test-model',
        choices: [
          {
            message: {
              role: 'assistant',
              content: ` Score ${facts.riskScore}; ${facts.ssvc.deployer}. `,
            },
          },
        ],
      });
    };
    const narrative = await writeNarrative({ baseUrl, apiKey: 'sk-test', model: 'm1' }, assessment);
    expect(narrative).toEqual({ text: 'Score 81; defer.', model: 'local-test-model' });
    const sent = received.at(-1);
    expect(sent?.url).toBe('POST /v1/chat/completions');
    expect(sent?.auth).toBe('Bearer sk-test');
    expect(sent?.body).toMatchObject({ model: 'm1', temperature: 0 });
    const messages = (sent?.body.messages ?? []) as Array<{ content: string }>;
    expect(JSON.parse(messages[1]?.content ?? '{}')).toMatchObject({ riskScore: 81 });
    expect(JSON.parse(messages[1]?.content ?? '{}')).not.toHaveProperty('narrative');
  });

  it('gives no narrative on an HTTP error, an empty or malformed answer, or a timeout', async () => {
    reply = (_body, res) => json(res, 500, { error: { message: 'overloaded' } });
    expect(await writeNarrative({ baseUrl, model: 'm1' }, assessment)).toBeNull();
    reply = (_body, res) => json(res, 200, { choices: [{ message: { content: '  ' } }] });
    expect(await writeNarrative({ baseUrl, model: 'm1' }, assessment)).toBeNull();
    reply = (_body, res) => res.writeHead(200).end('not json');
    expect(await writeNarrative({ baseUrl, model: 'm1' }, assessment)).toBeNull();
    reply = () => undefined; // never answers
    const started = Date.now();
    expect(await writeNarrative({ baseUrl, model: 'm1', timeoutMs: 300 }, assessment)).toBeNull();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(
      await writeNarrative({ baseUrl: 'http://127.0.0.1:1/v1', model: 'm1' }, assessment),
    ).toBeNull();
  });
});
