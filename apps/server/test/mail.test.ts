import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.ts';
import { MAIL_LINK_KEPT_MS, purgeExpiredMailLinks } from '../src/lib/mailer.ts';
import { createTestApp, PASSWORD, type TestContext } from './helpers.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';

let ctx: TestContext | undefined;
let sink: SmtpSink | undefined;
afterEach(async () => {
  await ctx?.close();
  await sink?.close();
  ctx = sink = undefined;
});

async function signUp(app: TestContext['app'], email: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { email, password: PASSWORD },
  });
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('mail over SMTP_URL', () => {
  it('sends the confirmation link over SMTP and marks the outbox row sent', async () => {
    sink = await startSmtpSink();
    ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${sink.port}?ignoreTLS=true` });
    expect((await signUp(ctx.app, 'smtp@example.com')).statusCode).toBe(201);

    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0]).toContain('Subject: Confirm your NetGuard account');
    // The body is quoted-printable: undo soft line breaks and the encoded "=".
    const body = sink.messages[0]?.replace(/=\n/g, '').replace(/=3D/g, '=');
    expect(body).toMatch(/http:\/\/localhost:8080\/auth\?confirm=[\w-]{20,}/);
    const [row] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'smtp@example.com'));
    expect(row?.sentAt).toBeInstanceOf(Date);
    // Sent and dropped: no usable link stays at rest (nor in a backup).
    expect(row?.link).toBeNull();
    expect(row?.text).not.toContain('confirm=');
    expect(row?.text).toContain('[link removed: sent]');
  });

  it('keeps the account and the unsent message when the SMTP server is down', async () => {
    ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    expect((await signUp(ctx.app, 'down@example.com')).statusCode).toBe(201);

    const [row] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'down@example.com'));
    expect(row?.link).toContain('/auth?confirm=');
    expect(row?.sentAt).toBeNull();
  });
});

describe('mail without SMTP_URL', () => {
  it('keeps a link only as long as the longest token it may carry, then drops it', async () => {
    ctx = await createTestApp();
    expect((await signUp(ctx.app, 'kept@example.com')).statusCode).toBe(201);
    const row = async () =>
      (await ctx!.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'kept@example.com')))[0];
    expect((await row())?.link).toContain('/auth?confirm=');
    expect(await purgeExpiredMailLinks(ctx.db)).toBe(0);
    const later = new Date(Date.now() + MAIL_LINK_KEPT_MS + 60_000);
    expect(await purgeExpiredMailLinks(ctx.db, later)).toBe(1);
    expect(await row()).toMatchObject({ link: null });
    expect((await row())?.text).not.toContain('confirm=');
    expect((await row())?.text).toContain('[link removed: expired]');
  });
});
