// OpenSSL acting as RFC 3161 time-stamping authorities for tests, on files in a folder of the
// test's own (`openssl ts -reply`; no network): "good" and "rogue", each a CA and a TSA
// certificate it issued (extendedKeyUsage critical timeStamping), EC P-256 keys.
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type TestTsa = {
  path: (file: string) => string;
  openssl: (...args: string[]) => Buffer;
  /** The TSA's reply to a request; `name` picks the authority (or a config written beside). */
  reply: (request: Buffer, name?: string) => Buffer;
  ca: (name: string) => X509Certificate;
  remove: () => void;
};

function tsaConfig(at: (f: string) => string, name: string): string {
  return `[ tsa ]
default_tsa = tsa_config
[ tsa_config ]
serial = ${at(`${name}-serial`)}
crypto_device = builtin
signer_cert = ${at(`${name}-tsa.pem`)}
certs = ${at(`${name}-ca.pem`)}
signer_key = ${at(`${name}-tsa.key`)}
signer_digest = sha256
default_policy = 1.2.3.4.1
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = yes
tsa_name = yes
ess_cert_id_alg = sha256
`;
}

export function createTestTsa(): TestTsa {
  const dir = mkdtempSync(join(tmpdir(), 'netguard-evidence-tsa-'));
  const at = (f: string) => join(dir, f);
  const openssl = (...args: string[]) =>
    execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  writeFileSync(at('tsa-ext.cnf'), 'extendedKeyUsage=critical,timeStamping\n');
  const words = (line: string) => line.split(' ');
  for (const name of ['good', 'rogue']) {
    for (const key of [`${name}-ca.key`, `${name}-tsa.key`])
      openssl(...words(`ecparam -name prime256v1 -genkey -noout -out ${key}`));
    const ca = [
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign',
    ];
    openssl(
      ...words(`req -x509 -new -key ${name}-ca.key -out ${name}-ca.pem -days 2`),
      '-subj',
      `/CN=${name} test CA`,
      ...ca,
    );
    openssl(
      ...words(`req -new -key ${name}-tsa.key -out ${name}-tsa.csr`),
      '-subj',
      `/CN=${name} test TSA`,
    );
    openssl(
      ...words(
        `x509 -req -in ${name}-tsa.csr -CA ${name}-ca.pem -CAkey ${name}-ca.key -set_serial 4242 -out ${name}-tsa.pem -days 2 -extfile tsa-ext.cnf`,
      ),
    );
    writeFileSync(at(`${name}-serial`), '01\n');
    writeFileSync(at(`${name}.cnf`), tsaConfig(at, name));
  }
  return {
    path: at,
    openssl,
    reply: (request, name = 'good') => {
      writeFileSync(at('request.tsq'), request);
      openssl(
        'ts',
        '-reply',
        '-config',
        `${name}.cnf`,
        '-queryfile',
        'request.tsq',
        '-out',
        'response.tsr',
      );
      return readFileSync(at('response.tsr'));
    },
    ca: (name) => new X509Certificate(readFileSync(at(`${name}-ca.pem`))),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
