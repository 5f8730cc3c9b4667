import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.ts';
import { ZNewPassword, ZPassword } from './validation.ts';

describe('common passwords', () => {
  it('refuses a common word or keyboard run however it is dressed up', () => {
    for (const password of [
      'P@ssw0rd',
      'Password1!',
      'Welcome2026!',
      'Qwerty123!',
      '!Summer2024',
      'Trustno1!',
      'Admin@123',
      'Asdfgh12#',
      '12345678!',
      'NetGuard1!',
      'PasswordPassword1!',
    ])
      expect(isCommonPassword(password), password).toBe(true);
  });

  it('keeps passwords that only contain a word among others', () => {
    for (const password of [
      'Str0ng!Passw0rd',
      'Correct-Horse-Battery-9',
      'Tq8#mZr2!pW',
      'Cnx1dQ_f3e7!',
    ])
      expect(isCommonPassword(password), password).toBe(false);
  });

  it('is refused with its message at sign-up, change and reset', () => {
    const sign = ZPassword.safeParse('P@ssw0rd');
    expect(sign.success).toBe(false);
    expect(sign.error?.issues.map((i) => i.message)).toEqual([COMMON_PASSWORD_MESSAGE]);
    expect(ZNewPassword.safeParse('Welcome2026!').error?.issues[0]?.message).toBe(
      COMMON_PASSWORD_MESSAGE,
    );
    expect(ZPassword.safeParse('Str0ng!Passw0rd').success).toBe(true);
  });
});
