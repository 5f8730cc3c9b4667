import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTwilioSms } from './mfa.sms.ts';

const TWILIO = { accountSid: 'AC0123', authToken: 'secret-token', fromNumber: '+15005550006' };

/** A fetch that records its one request and answers with `status` and `body`. */
function fakeFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

describe('Twilio SMS', () => {
  it("posts To, From and Body to the account's Messages resource with basic auth", async () => {
    const { calls, fetchImpl } = fakeFetch(201, { sid: 'SM1' });
    await createTwilioSms(TWILIO, fetchImpl).send({ to: '+14155550123', text: '123456 is it' });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe('https://api.twilio.com/2010-04-01/Accounts/AC0123/Messages.json');
    expect(call?.init.method).toBe('POST');
    const headers = call?.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe(
      `Basic ${Buffer.from('AC0123:secret-token').toString('base64')}`,
    );
    expect(Object.fromEntries(call?.init.body as URLSearchParams)).toEqual({
      To: '+14155550123',
      From: '+15005550006',
      Body: '123456 is it',
    });
  });

  it("throws with Twilio's message when it refuses", async () => {
    const { fetchImpl } = fakeFetch(400, { code: 21211, message: "The 'To' number is not valid." });
    await expect(
      createTwilioSms(TWILIO, fetchImpl).send({ to: '+10000000', text: 'x' }),
    ).rejects.toThrow("Twilio answered 400: The 'To' number is not valid.");
  });

  it('is configured by all three TWILIO_* variables or none', () => {
    expect(loadConfig({}).twilio).toBeUndefined();
    expect(
      loadConfig({
        TWILIO_ACCOUNT_SID: 'AC0123',
        TWILIO_AUTH_TOKEN: 'secret-token',
        TWILIO_FROM_NUMBER: '+15005550006',
      }).twilio,
    ).toEqual(TWILIO);
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'AC0123' })).toThrow(/TWILIO_AUTH_TOKEN/);
    expect(() =>
      loadConfig({ TWILIO_ACCOUNT_SID: 'A', TWILIO_AUTH_TOKEN: 'B', TWILIO_FROM_NUMBER: '555' }),
    ).toThrow(/TWILIO_FROM_NUMBER/);
  });
});
