import { describe, expect, it } from 'vitest';
import {
  listPasswordProblems,
  VALIDATION_MESSAGES as M,
  ZEmail,
  ZIpAddress,
  ZPassword,
  ZRole,
  ZUrl,
  ZUsername,
  ZUuid,
} from './validation.ts';

function firstMessage(
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return (result.error as { issues: { message: string }[] }).issues[0]?.message;
}

describe('email rule', () => {
  it('trims and lowercases a valid email', () => {
    expect(ZEmail.parse('  Alice@Example.COM ')).toBe('alice@example.com');
  });
  it('rejects a malformed email with "Invalid email format"', () => {
    expect(firstMessage(ZEmail, 'not-an-email')).toBe(M.emailInvalid);
    expect(firstMessage(ZEmail, 42)).toBe(M.emailInvalid);
  });
  it('rejects more than 255 characters with "Email too long"', () => {
    expect(firstMessage(ZEmail, `${'a'.repeat(250)}@example.com`)).toBe(M.emailTooLong);
  });
});

describe('password rule', () => {
  it('accepts a password with all four character classes', () => {
    expect(ZPassword.safeParse('Str0ng!pass').success).toBe(true);
  });
  it('rejects short, long and weak passwords with the spec messages', () => {
    expect(firstMessage(ZPassword, 'Ab1!')).toBe('Password must be at least 8 characters');
    expect(firstMessage(ZPassword, `Aa1!${'x'.repeat(125)}`)).toBe('Password too long');
    expect(firstMessage(ZPassword, 'alllowercase1!')).toBe(
      'Password must contain uppercase, lowercase, number, and special character',
    );
    expect(firstMessage(ZPassword, 'NoSpecial123')).toBe(M.passwordComplexity);
    expect(firstMessage(ZPassword, 'NoDigits!!ab')).toBe(M.passwordComplexity);
  });
  it('lists each unmet requirement separately', () => {
    expect(listPasswordProblems('abc')).toEqual([
      'At least 8 characters',
      'One uppercase letter',
      'One number',
      'One special character',
    ]);
    expect(listPasswordProblems('Str0ng!pass')).toEqual([]);
  });
});

describe('username rule', () => {
  it('accepts letters, digits, underscore and hyphen', () => {
    expect(ZUsername.parse('sec_ops-1')).toBe('sec_ops-1');
  });
  it('rejects with the spec messages', () => {
    expect(firstMessage(ZUsername, 'ab')).toBe('Username must be at least 3 characters');
    expect(firstMessage(ZUsername, 'a'.repeat(51))).toBe('Username too long');
    expect(firstMessage(ZUsername, 'bad name!')).toBe(
      'Username can only contain letters, numbers, underscores, and hyphens',
    );
  });
});

describe('uuid, ip, url and role rules', () => {
  it('checks UUIDs', () => {
    expect(ZUuid.safeParse('3f0e6a34-2c5b-4d8e-9a51-6f2b7c1d9e00').success).toBe(true);
    expect(firstMessage(ZUuid, 'not-a-uuid')).toBe('Invalid UUID format');
  });
  it('checks IPv4 addresses', () => {
    expect(ZIpAddress.safeParse('192.0.2.1').success).toBe(true);
    expect(firstMessage(ZIpAddress, '256.0.0.1')).toBe('Invalid IP address');
    expect(firstMessage(ZIpAddress, '192.0.2')).toBe('Invalid IP address');
  });
  it('checks URLs and their length', () => {
    expect(ZUrl.safeParse('https://example.com/path').success).toBe(true);
    expect(firstMessage(ZUrl, 'not a url')).toBe('Invalid URL format');
    expect(firstMessage(ZUrl, `https://example.com/${'a'.repeat(2040)}`)).toBe('URL too long');
  });
  it('checks roles', () => {
    expect(ZRole.parse('security_analyst')).toBe('security_analyst');
    expect(firstMessage(ZRole, 'superuser')).toBe('Invalid role');
  });
});
