import { describe, expect, it } from 'vitest';
import {
  createMfaSecrets,
  maskDestination,
  newBackupCodes,
  newNumericCode,
} from './mfa.secrets.ts';

const USER = '6f1c2a3e-0000-4000-8000-000000000001';
const OTHER = '6f1c2a3e-0000-4000-8000-000000000002';

describe('MFA secrets', () => {
  it('round-trips a key sealed for its user only, under its server key only', () => {
    const secrets = createMfaSecrets('server-secret-for-tests');
    const key = Buffer.from('12345678901234567890');
    const sealed = secrets.encrypt(USER, key);
    expect(sealed).not.toContain(key.toString('base64url'));
    expect(secrets.encrypt(USER, key)).not.toBe(sealed);
    expect(secrets.decrypt(USER, sealed).equals(key)).toBe(true);
    expect(() => secrets.decrypt(OTHER, sealed)).toThrow();
    expect(() => createMfaSecrets('another-server-secret').decrypt(USER, sealed)).toThrow();
  });

  it('hashes codes with a key: the same code, the same hash; another key, another hash', () => {
    const a = createMfaSecrets('server-secret-for-tests');
    expect(a.hash('abcd-efgh')).toBe(a.hash('abcd-efgh'));
    expect(a.hash('abcd-efgh')).not.toBe(
      createMfaSecrets('another-server-secret').hash('abcd-efgh'),
    );
  });

  it('makes 10 distinct backup codes and 6-digit codes', () => {
    const codes = newBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-km-np-z2-9]{4}-[a-km-np-z2-9]{4}$/);
    for (let i = 0; i < 50; i++) expect(newNumericCode()).toMatch(/^\d{6}$/);
  });

  it('masks destinations', () => {
    expect(maskDestination('bea@example.com')).toBe('b***@example.com');
    expect(maskDestination('+14155550123')).toBe('********0123');
  });
});
