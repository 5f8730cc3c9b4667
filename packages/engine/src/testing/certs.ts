import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type CertKind = 'valid' | 'expired' | 'future' | 'mismatch';
export type KeyPair = { key: string; cert: string };

const CA_CONFIG = `[ca]
default_ca = d
[d]
database = db/index.txt
new_certs_dir = db
serial = db/serial
default_md = sha256
policy = p
unique_subject = no
copy_extensions = copy
[p]
commonName = supplied
`;

/** Prepares `dir` for `openssl ca -config ca.cnf`: the config and its database and serial files. */
export function prepareCaDir(dir: string) {
  mkdirSync(join(dir, 'db'));
  writeFileSync(join(dir, 'db/index.txt'), '');
  writeFileSync(join(dir, 'db/serial'), '01\n');
  writeFileSync(join(dir, 'ca.cnf'), CA_CONFIG);
}

const DATES: Record<Exclude<CertKind, 'valid' | 'mismatch'>, [string, string]> = {
  expired: ['20200101000000Z', '20210101000000Z'],
  future: ['20990101000000Z', '21000101000000Z'],
};

/** Generates a self-signed P-256 certificate with the openssl CLI, for 127.0.0.1 unless "mismatch". */
export function makeCert(kind: CertKind): KeyPair {
  const dir = mkdtempSync(join(tmpdir(), 'netguard-cert-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const name = kind === 'mismatch' ? 'other.example' : '127.0.0.1';
  const san = kind === 'mismatch' ? 'DNS:other.example' : 'IP:127.0.0.1';
  run('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'key.pem');
  if (kind === 'valid' || kind === 'mismatch') {
    run(
      'req',
      '-x509',
      '-key',
      'key.pem',
      '-out',
      'cert.pem',
      '-days',
      '30',
      '-subj',
      `/CN=${name}`,
      '-addext',
      `subjectAltName=${san}`,
    );
  } else {
    run(
      'req',
      '-new',
      '-key',
      'key.pem',
      '-subj',
      `/CN=${name}`,
      '-addext',
      `subjectAltName=${san}`,
      '-out',
      'req.csr',
    );
    prepareCaDir(dir);
    const [start, end] = DATES[kind];
    run(
      'ca',
      '-batch',
      '-config',
      'ca.cnf',
      '-selfsign',
      '-keyfile',
      'key.pem',
      '-in',
      'req.csr',
      '-startdate',
      start,
      '-enddate',
      end,
      '-out',
      'cert.pem',
    );
  }
  try {
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes a throwaway P-256 CA (ca.key, ca.pem, valid 30 days) into `dir` with the openssl CLI. */
export function makeCaFiles(dir: string, commonName: string) {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'ca.key');
  run(
    'req',
    '-x509',
    '-key',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '30',
    '-subj',
    `/CN=${commonName}`,
  );
}

/** A leaf certificate for 127.0.0.1 and the separate CA certificate that issued it. */
export type CaSignedPair = KeyPair & { ca: string };

/** Generates a throwaway P-256 CA and a leaf for 127.0.0.1 signed by it, with the openssl CLI. */
export function makeCaSignedCert(): CaSignedPair {
  const dir = mkdtempSync(join(tmpdir(), 'netguard-ca-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  try {
    makeCaFiles(dir, 'NetGuard Test CA');
    run('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'key.pem');
    run('req', '-new', '-key', 'key.pem', '-subj', '/CN=127.0.0.1', '-out', 'req.csr');
    writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=IP:127.0.0.1\n');
    run(
      'x509',
      '-req',
      '-in',
      'req.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '30',
      '-extfile',
      'ext.cnf',
      '-out',
      'cert.pem',
    );
    const read = (file: string) => readFileSync(join(dir, file), 'utf8');
    return { key: read('key.pem'), cert: read('cert.pem'), ca: read('ca.pem') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
