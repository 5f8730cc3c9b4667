import { BACKUP_CODE_PATTERN, MFA_MESSAGES, SETTINGS_TEXT } from '@netguard/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  mailOutbox,
  mfaBackupCodes,
  securityEvents,
  userMfaSettings,
} from '../src/db/schema.ts';
import {
  type Account,
  createAccount,
  createTestApp,
  PASSWORD,
  type TestContext,
} from './helpers.ts';
import { enableTotp, manageMfa } from './mfa-helpers.ts';
import { subscribe } from './seed.ts';
import { fromBase32, totpCode } from './totp-code.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const getMfa = (account: Account) =>
  ctx.app.inject({ method: 'GET', url: '/api/mfa', headers: account.auth });

async function subscriber(email: string) {
  const account = await createAccount(ctx, email);
  await subscribe(ctx, account);
  return account;
}

async function newestOutbox(to: string) {
  const [row] = await ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return row;
}

describe('MFA setup with an authenticator app (TOTP)', () => {
  let ann: Account;
  beforeAll(async () => {
    ann = await createAccount(ctx, 'ann@example.com');
  });

  it('reads the defaults when no row exists, and refuses setup without a subscription', async () => {
    const res = await getMfa(ann);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mfa_enabled: false,
      mfa_method: null,
      destination: null,
      backup_codes_remaining: 0,
      pending_method: null,
    });
    const refused = await manageMfa(ctx, ann, { action: 'enable', method: 'totp' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.message).toBe(MFA_MESSAGES.paidOnly);
  });

  it('starts setup with a QR image and a secret, stored only encrypted', async () => {
    await subscribe(ctx, ann);
    const res = await manageMfa(ctx, ann, { action: 'enable', method: 'totp' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.qr_code_url).toMatch(/^data:image\/png;base64,/);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.backup_codes).toBeNull();
    expect(body.settings).toMatchObject({ mfa_enabled: false, pending_method: 'totp' });

    const [row] = await ctx.db
      .select()
      .from(userMfaSettings)
      .where(eq(userMfaSettings.userId, ann.userId));
    expect(row?.pendingSecretEnc).toBeTruthy();
    const key = fromBase32(body.secret);
    expect(row?.pendingSecretEnc).not.toContain(body.secret);
    expect(row?.pendingSecretEnc).not.toContain(key.toString('base64url'));
    expect(row?.mfaEnabled).toBe(false);
  });

  it('refuses a wrong code and logs it as a security event', async () => {
    const res = await manageMfa(ctx, ann, {
      action: 'verify',
      method: 'totp',
      verification_code: '000000',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MFA_MESSAGES.invalidCode);
    const events = await ctx.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, ann.userId));
    expect(events.map((e) => e.metadata)).toContainEqual({
      outcome: 'mfa_failed',
      use: 'setup',
      method: 'totp',
    });
  });

  it('enables MFA with the current code and shows 10 single-use backup codes once', async () => {
    const setup = await manageMfa(ctx, ann, { action: 'enable', method: 'totp' });
    const secret = setup.json().secret;
    const res = await manageMfa(ctx, ann, {
      action: 'verify',
      method: 'totp',
      verification_code: totpCode(secret),
    });
    expect(res.statusCode).toBe(200);
    const { backup_codes: codes, settings } = res.json();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(BACKUP_CODE_PATTERN);
    expect(settings).toEqual({
      mfa_enabled: true,
      mfa_method: 'totp',
      destination: null,
      backup_codes_remaining: 10,
      pending_method: null,
    });
    const stored = await ctx.db
      .select()
      .from(mfaBackupCodes)
      .where(eq(mfaBackupCodes.userId, ann.userId));
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(codes).not.toContain(row.codeHash);
    }
    const audit = await ctx.db.select().from(auditLogs).where(eq(auditLogs.userId, ann.userId));
    expect(audit.map((a) => a.action)).toContain('mfa.enable');
    expect((await getMfa(ann)).json()).toMatchObject({ mfa_enabled: true, mfa_method: 'totp' });
  });

  it('refuses a second setup while MFA is on', async () => {
    const res = await manageMfa(ctx, ann, { action: 'enable', method: 'email' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(MFA_MESSAGES.alreadyEnabled);
  });

  it('turns MFA off only with the right password', async () => {
    const wrong = await manageMfa(ctx, ann, { action: 'disable', password: 'Wr0ng!Password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(SETTINGS_TEXT.wrongPassword);
    expect((await getMfa(ann)).json().mfa_enabled).toBe(true);

    const res = await manageMfa(ctx, ann, { action: 'disable', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({ mfa_enabled: false, backup_codes_remaining: 0 });
    const left = await ctx.db
      .select()
      .from(mfaBackupCodes)
      .where(eq(mfaBackupCodes.userId, ann.userId));
    expect(left).toHaveLength(0);
    const again = await manageMfa(ctx, ann, { action: 'disable', password: PASSWORD });
    expect(again.json().error.message).toBe(MFA_MESSAGES.notEnabled);
  });
});

describe('MFA setup by email and SMS', () => {
  it('mails a code and enables email MFA with it', async () => {
    const bea = await subscriber('bea@example.com');
    const res = await manageMfa(ctx, bea, { action: 'enable', method: 'email' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      qr_code_url: null,
      secret: null,
      sent_to: 'b***@example.com',
    });
    const mail = await newestOutbox('bea@example.com');
    const code = /^(\d{6}) is your NetGuard verification code$/.exec(mail?.subject ?? '')?.[1];
    expect(code).toBeDefined();
    expect(mail?.text).toContain(code);

    const verified = await manageMfa(ctx, bea, {
      action: 'verify',
      method: 'email',
      verification_code: code,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().settings).toMatchObject({
      mfa_enabled: true,
      mfa_method: 'email',
      destination: 'b***@example.com',
    });
  });

  it('texts a code to the phone (outbox without Twilio) and enables SMS MFA', async () => {
    const cy = await subscriber('cy@example.com');
    const missing = await manageMfa(ctx, cy, { action: 'enable', method: 'sms' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(MFA_MESSAGES.phoneRequired);

    const res = await manageMfa(ctx, cy, {
      action: 'enable',
      method: 'sms',
      phone: '+14155550123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().sent_to).toBe('********0123');
    const sms = await newestOutbox('+14155550123');
    expect(sms?.subject).toBe('SMS');
    const code = /^(\d{6}) is your NetGuard/.exec(sms?.text ?? '')?.[1] ?? '';
    const wrongMethod = await manageMfa(ctx, cy, {
      action: 'verify',
      method: 'email',
      verification_code: code,
    });
    expect(wrongMethod.statusCode).toBe(400);
    expect(wrongMethod.json().error.message).toBe(MFA_MESSAGES.noSetup);
    const verified = await manageMfa(ctx, cy, {
      action: 'verify',
      method: 'sms',
      verification_code: code,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().settings).toMatchObject({
      mfa_method: 'sms',
      destination: '********0123',
    });
  });

  it('kills a sent code after 5 wrong tries', async () => {
    const dee = await subscriber('dee@example.com');
    await manageMfa(ctx, dee, { action: 'enable', method: 'email' });
    const code = /^(\d{6})/.exec((await newestOutbox('dee@example.com'))?.subject ?? '')?.[1];
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      const res = await manageMfa(ctx, dee, {
        action: 'verify',
        method: 'email',
        verification_code: wrong,
      });
      expect(res.json().error.message).toBe(MFA_MESSAGES.invalidCode);
    }
    const res = await manageMfa(ctx, dee, {
      action: 'verify',
      method: 'email',
      verification_code: code,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MFA_MESSAGES.noSetup);
  });
});

describe('cancel, validation and scoping', () => {
  it('cancel aborts the setup', async () => {
    const eve = await subscriber('eve@example.com');
    const started = await manageMfa(ctx, eve, { action: 'enable', method: 'totp' });
    const res = await manageMfa(ctx, eve, { action: 'cancel' });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings.pending_method).toBeNull();
    const verify = await manageMfa(ctx, eve, {
      action: 'verify',
      method: 'totp',
      verification_code: totpCode(started.json().secret),
    });
    expect(verify.statusCode).toBe(400);
    expect(verify.json().error.message).toBe(MFA_MESSAGES.noSetup);
  });

  it.each([
    [{ action: 'verify', method: 'totp', verification_code: '12345' }, MFA_MESSAGES.codeFormat],
    [{ action: 'verify', method: 'totp', verification_code: '1234567' }, MFA_MESSAGES.codeFormat],
    [{ action: 'verify', method: 'totp', verification_code: '12a456' }, MFA_MESSAGES.codeFormat],
    [{ action: 'enable', method: 'sms', phone: '555-0123' }, MFA_MESSAGES.phoneFormat],
    [{ action: 'enable', method: 'pigeon' }, undefined],
    [{ action: 'explode' }, undefined],
    [{ action: 'disable' }, undefined],
  ])('answers 400 to %j', async (payload, message) => {
    const fay = await createAccount(ctx, `fay-${Math.random().toString(36).slice(2)}@example.com`);
    const res = await manageMfa(ctx, fay, payload);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().error.message).toBe(message);
    else expect(res.json().error.message).toBeTruthy();
  });

  it('needs a session: no anonymous calls and no API keys', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/mfa' });
    expect(anonymous.statusCode).toBe(401);
    const gus = await subscriber('gus@example.com');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: gus.auth,
      payload: { name: 'ci' },
    });
    const key = created.json().key;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/mfa',
      headers: { authorization: `Bearer ${key}` },
      payload: { action: 'enable', method: 'totp' },
    });
    expect(res.statusCode).toBe(403);
  });

  it("never verifies or disables another account's MFA", async () => {
    const hal = await subscriber('hal@example.com');
    const ivy = await subscriber('ivy@example.com');
    const started = await manageMfa(ctx, hal, { action: 'enable', method: 'totp' });
    const halCode = totpCode(started.json().secret);
    const stolen = await manageMfa(ctx, ivy, {
      action: 'verify',
      method: 'totp',
      verification_code: halCode,
    });
    expect(stolen.statusCode).toBe(400);
    expect((await getMfa(ivy)).json().mfa_enabled).toBe(false);
    expect((await getMfa(hal)).json().pending_method).toBe('totp');

    await enableTotp(ctx, hal);
    const disabled = await manageMfa(ctx, ivy, { action: 'disable', password: PASSWORD });
    expect(disabled.json().error.message).toBe(MFA_MESSAGES.notEnabled);
    const cancelled = await manageMfa(ctx, ivy, { action: 'cancel' });
    expect(cancelled.statusCode).toBe(200);
    expect((await getMfa(hal)).json()).toMatchObject({ mfa_enabled: true, mfa_method: 'totp' });
    const halRows = await ctx.db
      .select()
      .from(mfaBackupCodes)
      .where(eq(mfaBackupCodes.userId, hal.userId));
    expect(halRows).toHaveLength(10);
  });
});
