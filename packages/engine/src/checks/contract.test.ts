import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ZFinding } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { freePort } from '../testing/peers.ts';
import type { CheckContext, ServiceInfo } from '../types.ts';
import { CHECKS, selectChecks } from './index.ts';

const dir = import.meta.dirname;
const folders = readdirSync(dir).filter((f) => statSync(join(dir, f)).isDirectory());

// The closed port's address, in the file's block: no other file's listener can hold the port.
const CLOSED_HOST = testResources().host(1);

// Every service shape a check might be handed, all pointing at a closed loopback port.
const SERVICES: ServiceInfo[] = [
  { name: 'unknown' },
  { name: 'http', http: { status: 200, headers: {}, body: '' } },
  {
    name: 'https',
    http: { status: 200, headers: {}, body: '' },
    tls: {
      protocol: 'TLSv1.3',
      cipher: 'TLS_AES_128_GCM_SHA256',
      subject: 'CN=127.0.0.1',
      issuer: 'CN=Test CA',
      validFrom: '2020-01-01T00:00:00.000Z',
      validTo: '2099-01-01T00:00:00.000Z',
      sans: ['IP Address:127.0.0.1'],
      selfSigned: false,
      authorized: true,
    },
  },
  { name: 'ftp' },
  { name: 'redis', extra: { auth: 'required' } },
  { name: 'mongodb' },
  { name: 'ssh', product: 'OpenSSH', version: '9.9p1' },
];

describe('check registry', () => {
  it('registers one check per folder, with the folder name as id', () => {
    expect(CHECKS.map((c) => c.id).sort()).toEqual(folders.sort());
  });

  it('selects checks by id and rejects unknown ids', () => {
    expect(selectChecks('none')).toEqual([]);
    expect(selectChecks('telnet-open').map((c) => c.id)).toEqual(['telnet-open']);
    expect(() => selectChecks('telnet-open,nope')).toThrow('Unknown check id(s): nope');
  });
});

describe.each(CHECKS.map((c) => [c.id, c] as const))('check %s', (id, check) => {
  it('has a kebab-case id and a title', () => {
    expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(check.title.length).toBeGreaterThan(3);
  });

  it('applies to some service shape and not to an unknown service', () => {
    const unknown = {
      host: '127.0.0.1',
      port: 1,
      protocol: 'tcp',
      service: { name: 'unknown' },
      timeoutMs: 500,
    } as const;
    expect(check.appliesTo(unknown)).toBe(false);
  });

  it('never throws against a closed port and returns only valid findings', async () => {
    const port = await freePort(CLOSED_HOST);
    for (const service of SERVICES) {
      const ctx: CheckContext = {
        host: CLOSED_HOST,
        port,
        protocol: 'tcp',
        service,
        timeoutMs: 500,
      };
      if (!check.appliesTo(ctx)) continue;
      const findings = await check.run(ctx);
      for (const finding of findings) {
        expect(ZFinding.safeParse(finding).success).toBe(true);
        expect(finding.check_id).toBe(id);
        expect(finding.mitigations.length).toBeGreaterThan(0);
      }
    }
  });
});
