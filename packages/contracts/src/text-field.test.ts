import { describe, expect, it } from 'vitest';
import { ZLiveClientMessage } from './packets.ts';
import { ZRealtimeClientMessage } from './realtime.ts';
import { TEXT_MESSAGES, textField } from './text-field.ts';
import { ZEmail } from './validation.ts';

describe('textField', () => {
  it('refuses a NUL anywhere, and keeps the rules chained after it', () => {
    const name = textField().trim().min(1, 'Name is required').max(5);
    expect(name.parse('  ok ')).toBe('ok');
    for (const value of ['\u0000', 'a\u0000b', 'ab\u0000']) {
      expect(name.safeParse(value).error?.issues[0]?.message).toBe(TEXT_MESSAGES.nul);
    }
    expect(name.safeParse('').error?.issues[0]?.message).toBe('Name is required');
    expect(ZEmail.safeParse('a\u0000@example.com').error?.issues[0]?.message).toBe(
      TEXT_MESSAGES.nul,
    );
  });

  it('guards the WebSocket messages too: a capture filter or a token with a NUL', () => {
    const start = ZLiveClientMessage.safeParse({
      type: 'start',
      interface: 'lo',
      bpf: 'tcp\u0000',
    });
    expect(start.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['bpf', TEXT_MESSAGES.nul],
    ]);
    const auth = ZRealtimeClientMessage.safeParse({ type: 'auth', access_token: 'x\u0000' });
    expect(auth.error?.issues[0]?.message).toBe(TEXT_MESSAGES.nul);
  });
});
