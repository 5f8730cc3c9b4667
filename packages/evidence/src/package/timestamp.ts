// An optional RFC 3161 timestamp of a package: the TSA's token over manifest.json, stored as
// manifest.tsr beside it (and in SHA256SUMS), so an auditor can show the package existed then:
//   openssl ts -verify -token_in -in manifest.tsr -data manifest.json -CAfile tsa-ca.pem
import type { X509Certificate } from 'node:crypto';
import { sha256Hex } from '../canonical/hash.ts';
import { DerError } from '../timestamp/der.ts';
import {
  checkTimestamp,
  parseTimestampResponse,
  parseTimestampToken,
  type TimestampRequest,
  timestampRequest,
} from '../timestamp/rfc3161.ts';
import type { Breaks } from './breaks.ts';
import { PATHS } from './layout.ts';
import { readZip, writeZip } from './zip.ts';

/** The request to send the TSA for a built package (over its manifest.json). */
export function packageTimestampRequest(zip: Buffer): TimestampRequest {
  const manifest = readZip(zip).find((e) => e.name === PATHS.manifest);
  if (!manifest) throw new Error('not an evidence package: no manifest.json');
  return timestampRequest(manifest.data);
}

/** The package with the TSA's token added as manifest.tsr; refuses a reply that does not stamp it. */
export function addPackageTimestamp(
  zip: Buffer,
  response: Buffer,
  request: TimestampRequest,
): Buffer {
  const reply = parseTimestampResponse(response);
  if (!reply.granted || !reply.token)
    throw new Error(`the TSA refused the request (status ${reply.status})`);
  const entries = readZip(zip).filter((e) => e.name !== PATHS.sums && e.name !== PATHS.timestamp);
  const manifest = entries.find((e) => e.name === PATHS.manifest)!;
  const problems = checkTimestamp(reply.token, manifest.data, {
    nonce: request.nonce,
    trusted: [],
  }).filter((p) => p !== 'the TSA’s certificate is not issued by a trusted CA');
  if (problems.length)
    throw new Error(`the TSA's reply does not stamp this package: ${problems.join('; ')}`);
  const all = [...entries, { name: PATHS.timestamp, data: reply.token.der }].sort((a, b) =>
    a.name < b.name ? -1 : 1,
  );
  const sums = all.map((e) => `${sha256Hex(e.data)}  ${e.name}\n`).join('');
  return writeZip([...all, { name: PATHS.sums, data: Buffer.from(sums) }], reply.token.genTime);
}

export type TimestampInfo = { genTime: string; tsa: string; checkedAgainstCa: boolean };

/** Checks manifest.tsr when present: always that it stamps manifest.json, and the TSA's signature and chain when CAs are given. */
export function checkPackageTimestamp(
  files: Map<string, Buffer>,
  breaks: Breaks,
  trusted?: X509Certificate[],
): TimestampInfo | undefined {
  const der = files.get(PATHS.timestamp);
  const manifest = files.get(PATHS.manifest);
  if (!der || !manifest) return undefined;
  try {
    const token = parseTimestampToken(der);
    const problems = checkTimestamp(token, manifest, { trusted: trusted ?? [] }).filter(
      (p) => trusted || p !== 'the TSA’s certificate is not issued by a trusted CA',
    );
    for (const p of problems) breaks.add('timestamp_invalid', p, PATHS.timestamp);
    const tsa = token.certificates.find(
      (c) =>
        c.serialNumber.toLowerCase().replace(/^0+/, '') ===
        token.signer.serialNumber.replace(/^0+/, ''),
    );
    return {
      genTime: token.genTime.toISOString(),
      tsa: tsa?.subject.replace(/\n/g, ', ') ?? 'unknown',
      checkedAgainstCa: !!trusted,
    };
  } catch (error) {
    if (!(error instanceof DerError)) throw error;
    breaks.add('timestamp_invalid', `not an RFC 3161 token (${error.message})`, PATHS.timestamp);
    return undefined;
  }
}
