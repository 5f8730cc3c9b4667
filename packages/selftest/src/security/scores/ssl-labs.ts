// An SSL Labs-style grade: protocol support 30 %, key exchange 30 %, cipher strength 40 %, then the
// caps of its rating guide (trust problems show T, no forward secrecy or AEAD or legacy TLS cap at B,
// RC4 or 3DES at C, NULL, EXPORT or anonymous suites give F).
import type { TestResult } from '../../model.ts';
import type { CertificateProbe, NegotiatedSuite, TlsVersion } from '../tls-probe.ts';

const PROTOCOL_SCORE: Record<TlsVersion, number> = {
  TLSv1: 90,
  'TLSv1.1': 95,
  'TLSv1.2': 100,
  'TLSv1.3': 100,
};

/** The RSA-equivalent strength of an ephemeral or certificate key. */
function rsaEquivalent(k: NegotiatedSuite['keyExchange']): number {
  if (/ECDH|X25519|X448|TLSGroup|secp|prime256/i.test(k.type))
    return k.bits >= 384 ? 7680 : k.bits >= 253 ? 3072 : k.bits >= 224 ? 2048 : 1024;
  return k.bits;
}

const keyScore = (bits: number) =>
  bits < 512 ? 20 : bits < 1024 ? 40 : bits < 2048 ? 80 : bits < 4096 ? 90 : 100;
const cipherScore = (bits: number) => (bits === 0 ? 0 : bits < 128 ? 20 : bits < 256 ? 80 : 100);
const letter = (score: number) =>
  score >= 80
    ? 'A'
    : score >= 65
      ? 'B'
      : score >= 50
        ? 'C'
        : score >= 35
          ? 'D'
          : score >= 20
            ? 'E'
            : 'F';
const ORDER = ['A+', 'A', 'A-', 'B', 'C', 'D', 'E', 'F'];
const cap = (grade: string, limit: string) =>
  ORDER.indexOf(grade) < ORDER.indexOf(limit) ? limit : grade;

export type SslInput = {
  accepted: TlsVersion[];
  suites: NegotiatedSuite[];
  weakChosen: string | null;
  certificate: CertificateProbe;
  hstsPassed: boolean;
};

export function sslLabsGrade(input: SslInput) {
  const protocols = input.accepted.map((v) => PROTOCOL_SCORE[v]);
  const protocol = (Math.max(...protocols) + Math.min(...protocols)) / 2;
  const keyExchange = keyScore(Math.min(...input.suites.map((s) => rsaEquivalent(s.keyExchange))));
  const bits = input.suites.map((s) => s.bits);
  const cipher = (cipherScore(Math.max(...bits)) + cipherScore(Math.min(...bits))) / 2;
  const score = Math.round(protocol * 0.3 + keyExchange * 0.3 + cipher * 0.4);
  let grade = letter(score);
  const caps: string[] = [];
  const limit = (to: string, why: string) => {
    grade = cap(grade, to);
    caps.push(why);
  };
  const names = [...input.suites.map((s) => s.name), input.weakChosen ?? ''];
  if (names.some((n) => /NULL|EXPORT|anon/i.test(n)))
    limit('F', 'NULL, EXPORT or anonymous suite → F');
  if (names.some((n) => /RC4|3DES|DES_CBC/i.test(n))) limit('C', 'RC4 or 64-bit block cipher → C');
  if (input.accepted.some((v) => v === 'TLSv1' || v === 'TLSv1.1')) limit('B', 'TLS 1.0/1.1 → B');
  if (input.suites.some((s) => !s.forwardSecrecy)) limit('B', 'no forward secrecy → B');
  if (!input.suites.some((s) => s.aead)) limit('B', 'no AEAD suite → B');
  if (grade === 'A' && input.hstsPassed && input.accepted.includes('TLSv1.3')) grade = 'A+';
  const c = input.certificate;
  const trusted =
    c.chainTrusted && c.nameMatches && c.daysToExpiry >= 0 && Date.parse(c.validFrom) <= Date.now();
  if (!trusted) caps.push('certificate not trusted → T');
  return {
    grade: trusted ? grade : 'T',
    gradeIgnoringTrust: grade,
    score,
    protocol,
    keyExchange,
    cipher,
    caps,
  };
}

/** Reads the TLS tests' evidence back; null when one of them kept none (plain HTTP). */
export function sslInputOf(results: readonly TestResult[]): SslInput | null {
  const data = (testId: string, kind: string) =>
    results.find((r) => r.testId === testId)?.outcome?.evidence.find((e) => e.kind === kind)?.data;
  const protocols = data('security.tls-protocols', 'tls-protocols');
  const suites = data('security.cipher-suites', 'tls-suites');
  const certificate = data('security.certificate', 'tls-certificate');
  if (!protocols || !suites || !certificate) return null;
  const accepted = protocols.accepted as TlsVersion[];
  const list = suites.suites as NegotiatedSuite[];
  if (accepted.length === 0 || list.length === 0) return null;
  return {
    accepted,
    suites: list,
    weakChosen: (suites.weakChosen as string | null) ?? null,
    certificate: certificate as unknown as CertificateProbe,
    hstsPassed: results.find((r) => r.testId === 'security.hsts')?.state === 'passed',
  };
}
