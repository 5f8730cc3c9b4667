// A throwaway certificate authority and a 127.0.0.1 server certificate, made with the openssl CLI
// at test time, so the SDKs talk real HTTPS to the fakes while trusting nothing else new.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type TestTls = { ca: string; key: string; cert: string };

export function createTestTls(): TestTls {
  const dir = mkdtempSync(join(tmpdir(), 'netguard-test-ca-'));
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  try {
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=NetGuard test CA',
      '-keyout',
      file('ca.key'),
      '-out',
      file('ca.pem'),
    );
    openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      file('server.key'),
      '-out',
      file('server.csr'),
    );
    writeFileSync(file('ext.cnf'), 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
    openssl(
      'x509',
      '-req',
      '-in',
      file('server.csr'),
      '-CA',
      file('ca.pem'),
      '-CAkey',
      file('ca.key'),
      '-CAcreateserial',
      '-days',
      '1',
      '-extfile',
      file('ext.cnf'),
      '-out',
      file('server.pem'),
    );
    return {
      ca: readFileSync(file('ca.pem'), 'utf8'),
      key: readFileSync(file('server.key'), 'utf8'),
      cert: readFileSync(file('server.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An agent that trusts only the test CA: a request that somehow left for a real host fails TLS. */
export const testAgent = (tls: TestTls) => new Agent({ ca: tls.ca, keepAlive: false });
