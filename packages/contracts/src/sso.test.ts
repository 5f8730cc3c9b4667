import { describe, expect, it } from 'vitest';
import { mapSsoRole, ZSsoConfigBody, ZSsoDomain } from './sso.ts';

const mappings = [
  { group: 'ops', role: 'security_analyst' },
  { group: 'admins', role: 'admin' },
  { group: 'audit', role: 'auditor' },
] as const;

describe('mapSsoRole', () => {
  it('gives the most privileged mapped role, else the default', () => {
    expect(mapSsoRole(['audit', 'ops'], [...mappings], 'viewer')).toBe('security_analyst');
    expect(mapSsoRole(['audit', 'admins'], [...mappings], 'viewer')).toBe('admin');
    expect(mapSsoRole(['unknown'], [...mappings], 'viewer')).toBe('viewer');
    expect(mapSsoRole([], [], 'auditor')).toBe('auditor');
  });
});

describe('ZSsoConfigBody', () => {
  const base = {
    protocol: 'saml',
    enabled: true,
    domains: ['example.com'],
    default_role: 'viewer',
    groups_claim: 'groups',
    role_mappings: [],
    require_sso: false,
    break_glass_user_id: null,
  };
  it('normalises domains and refuses malformed or repeated ones', () => {
    expect(ZSsoDomain.parse(' Example.COM ')).toBe('example.com');
    expect(ZSsoDomain.safeParse('not a domain').success).toBe(false);
    expect(ZSsoConfigBody.safeParse({ ...base, domains: ['a.com', 'A.com'] }).success).toBe(false);
    expect(ZSsoConfigBody.safeParse(base).success).toBe(true);
  });
  it('needs the issuer and client for OpenID Connect', () => {
    expect(ZSsoConfigBody.safeParse({ ...base, protocol: 'oidc' }).success).toBe(false);
    const oidc = { issuer: 'https://login.example.com', client_id: 'netguard' };
    expect(ZSsoConfigBody.safeParse({ ...base, protocol: 'oidc', oidc }).success).toBe(true);
    const bad = { ...oidc, issuer: 'ftp://login.example.com' };
    expect(ZSsoConfigBody.safeParse({ ...base, protocol: 'oidc', oidc: bad }).success).toBe(false);
  });
});
