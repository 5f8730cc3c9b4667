// A throwaway CA and a server certificate it signs, made with the openssl CLI, for TLS receivers.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type TestPki = {
  /** PEM files in the folder: the CA certificate, the server's certificate and its key. */
  caFile: string;
  certFile: string;
  keyFile: string;
  /** The CA certificate's PEM text. */
  ca: string;
};

/** Writes a CA and a server certificate for `ip` (subjectAltName IP) into `dir`. */
export function makeTestPki(dir: string, ip: string, caName = 'NetGuard test CA'): TestPki {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const key = ['-newkey', 'rsa:2048', '-nodes'];
  run(
    'req',
    '-x509',
    ...key,
    '-keyout',
    'ca-key.pem',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    `/CN=${caName}`,
  );
  run('req', ...key, '-keyout', 'key.pem', '-out', 'req.pem', '-subj', `/CN=${ip}`);
  writeFileSync(join(dir, 'ext.cnf'), `subjectAltName=IP:${ip}\nextendedKeyUsage=serverAuth\n`);
  run(
    'x509',
    '-req',
    '-in',
    'req.pem',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca-key.pem',
    '-CAcreateserial',
    '-days',
    '2',
    '-out',
    'cert.pem',
    '-extfile',
    'ext.cnf',
  );
  const caFile = join(dir, 'ca.pem');
  return {
    caFile,
    certFile: join(dir, 'cert.pem'),
    keyFile: join(dir, 'key.pem'),
    ca: readFileSync(caFile, 'utf8'),
  };
}
