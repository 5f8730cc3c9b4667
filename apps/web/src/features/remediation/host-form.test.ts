import { describe, expect, it } from 'vitest';
import { EMPTY_HOST_FORM, hostFormProblems, toHostBody } from '@/features/remediation/host-form';

const KEY = '-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----';
const filled = {
  ...EMPTY_HOST_FORM,
  name: 'web-1',
  address: '192.0.2.5',
  username: 'netguard',
  privateKey: KEY,
};

describe('toHostBody', () => {
  it('sends only the chosen authentication, and no blank fingerprint', () => {
    expect(toHostBody({ ...filled, password: 'unused' })).toEqual({
      name: 'web-1',
      address: '192.0.2.5',
      port: 22,
      username: 'netguard',
      auth: { type: 'key', privateKey: KEY },
      privilege: 'sudo',
    });
    const body = toHostBody({
      ...filled,
      authType: 'password',
      password: 'pw',
      hostKeySha256: ' x ',
    });
    expect(body.auth).toEqual({ type: 'password', password: 'pw' });
    expect(body.hostKeySha256).toBe('x');
  });
});

describe('hostFormProblems', () => {
  it('names the inputs that need fixing', () => {
    expect(hostFormProblems(filled)).toEqual({});
    const problems = hostFormProblems({
      ...EMPTY_HOST_FORM,
      address: 'not an address!',
      port: '70000',
      hostKeySha256: 'md5:abc',
    });
    expect(Object.keys(problems).sort()).toEqual([
      'address',
      'hostKeySha256',
      'name',
      'port',
      'privateKey',
      'username',
    ]);
    expect(problems.port).toBe('Port 1-65535');
  });
});
