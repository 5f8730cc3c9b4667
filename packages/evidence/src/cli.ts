// netguard-evidence: parses the arguments, reads the packages, runs the verifier and prints each
// break. Exit 0 when everything holds, 1 when anything is broken, 2 on a usage error.
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { USAGE } from './cli-usage.ts';
import { type PackageVerification, verifyPackage } from './package/verify.ts';

export type Io = { out: (text: string) => void; err: (text: string) => void };

class UsageError extends Error {}

type Args = { zip: string; previous?: string; fingerprint?: string; tsaCa?: string; json: boolean };

function parseArgs(argv: string[]): Args {
  const [command, ...rest] = argv;
  if (command !== 'verify') throw new UsageError(`unknown command ${command ?? ''}`.trim());
  const args: Partial<Args> = { json: false };
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    const value = () => {
      const v = rest[++i];
      if (!v) throw new UsageError(`${a} needs a value`);
      return v;
    };
    if (a === '--previous') args.previous = value();
    else if (a === '--fingerprint') args.fingerprint = value();
    else if (a === '--tsa-ca') args.tsaCa = value();
    else if (a === '--json') args.json = true;
    else if (a.startsWith('-')) throw new UsageError(`unknown option ${a}`);
    else if (args.zip) throw new UsageError(`one package at a time (got ${args.zip} and ${a})`);
    else args.zip = a;
  }
  if (!args.zip) throw new UsageError('verify needs the package to check');
  return args as Args;
}

function read(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new UsageError(
      `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}

function report(args: Args, v: PackageVerification): string {
  const { manifest, rows, digests, evidence } = v.contents;
  if (v.ok)
    return [
      `OK ${args.zip}${args.previous ? ` (continues ${args.previous})` : ''}`,
      `  ${evidence} evidence items, ${rows.length} ledger rows, ${digests.length} signed digests`,
      `  Merkle root ${manifest?.merkleRoot}`,
      `  key fingerprint ${manifest?.publicKeyFingerprint}`,
      ...timestampLine(v),
      '',
    ].join('\n');
  return [
    `BROKEN ${args.zip}: ${v.breaks.length} problem${v.breaks.length > 1 ? 's' : ''}`,
    ...v.breaks.map((b) => `  [${b.code}] ${b.message}`),
    '',
  ].join('\n');
}

/** The certificates of a PEM file (one or more BEGIN CERTIFICATE blocks). */
function readCertificates(path: string): X509Certificate[] {
  const blocks =
    read(path)
      .toString('utf8')
      .match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  try {
    const certs = blocks.map((b) => new X509Certificate(b));
    if (certs.length) return certs;
  } catch {}
  throw new UsageError(`${path} holds no readable PEM certificate`);
}

type Inputs = { args: Args; zip: Buffer; previous?: Buffer; tsaTrusted?: X509Certificate[] };

function readInputs(argv: string[]): Inputs {
  const args = parseArgs(argv);
  return {
    args,
    zip: read(args.zip),
    ...(args.previous ? { previous: read(args.previous) } : {}),
    ...(args.tsaCa ? { tsaTrusted: readCertificates(args.tsaCa) } : {}),
  };
}

function timestampLine(v: PackageVerification): string[] {
  const t = v.contents.timestamp;
  if (!t) return [];
  const how = t.checkedAgainstCa
    ? 'signature checked against --tsa-ca'
    : 'signature not checked: pass --tsa-ca';
  return [`  RFC 3161 timestamp ${t.genTime} by ${t.tsa} (${how})`];
}

/** Runs the CLI; returns the exit status. */
export async function runCli(argv: string[], io: Io): Promise<number> {
  let inputs: Inputs;
  try {
    inputs = readInputs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`netguard-evidence: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  const { args, zip, previous, tsaTrusted } = inputs;
  const v = verifyPackage(zip, {
    ...(previous ? { previous } : {}),
    ...(tsaTrusted ? { tsaTrusted } : {}),
    ...(args.fingerprint ? { expectedFingerprint: args.fingerprint } : {}),
  });
  if (args.json) {
    const { merkleRoot = null } = v.contents.manifest ?? {};
    io.out(
      `${JSON.stringify({ ok: v.ok, breaks: v.breaks, merkleRoot, timestamp: v.contents.timestamp ?? null }, null, 2)}\n`,
    );
  } else (v.ok ? io.out : io.err)(report(args, v));
  return v.ok ? 0 : 1;
}
