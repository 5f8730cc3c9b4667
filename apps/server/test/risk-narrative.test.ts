import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessVulnerabilities } from '../src/modules/risk/risk.assess.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { seedRiskVulnerability } from './risk-seed.ts';

let ctx: TestContext;
let owner: Account;
let llm: http.Server;
let calls = 0;
let answer: 'ok' | 'error' = 'error';

/** The app with LLM_* pointing at a local server that speaks POST /v1/chat/completions. */
beforeAll(async () => {
  llm = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls += 1;
      if (req.url !== '/v1/chat/completions' || answer === 'error') {
        res.writeHead(503).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          model: 'local-model',
          choices: [
            { message: { role: 'assistant', content: 'A paragraph about the assessment.' } },
          ],
        }),
      );
    });
  });
  await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
  const port = (llm.address() as AddressInfo).port;
  ctx = await createTestApp({
    LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
    LLM_MODEL: 'local-model',
  });
  owner = await createAccount(ctx, 'narrative@example.com', 'Enterprise');
});
afterAll(async () => {
  await ctx?.close();
  await new Promise<void>((r) => llm.close(() => r()));
});

const read = (id: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/risk/assessments/${id}`, headers: owner.auth });

describe('risk narrative with LLM_* configured', () => {
  it('adds no narrative when the model fails, and the score does not depend on it', async () => {
    const v = await seedRiskVulnerability(ctx, owner, {
      host: '10.0.0.9',
      cvss: 6.5,
      seenHoursAgo: 1,
    });
    await assessVulnerabilities(ctx.db, { organizationId: owner.organizationId });
    const failed = (await read(v.id)).json();
    expect(calls).toBe(1);
    expect(failed.narrative).toBeNull();
    expect(failed.riskScore).toBe(65);

    answer = 'ok';
    const written = (await read(v.id)).json();
    expect(written.narrative).toEqual({
      text: 'A paragraph about the assessment.',
      model: 'local-model',
    });
    expect(written.riskScore).toBe(65);
    expect(calls).toBe(2);
    // Kept with the assessment: the model is not asked again.
    expect((await read(v.id)).json().narrative?.text).toBe('A paragraph about the assessment.');
    expect(calls).toBe(2);
  });
});
