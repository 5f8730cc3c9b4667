// RFC 3161 time-stamping: the request NetGuard sends a time-stamping authority (TSA) for a hash,
// and the checks on its reply: granted, our hash and nonce, the TSA's CMS signature (RFC 5652
// signed attributes) by a certificate for time stamping issued by a CA the caller trusts.
import { createHash, randomBytes, verify, X509Certificate } from 'node:crypto';
import {
  boolean,
  child,
  children,
  DerError,
  derNull,
  integer,
  type Node,
  octetString,
  oid,
  oidString,
  read,
  sequence,
} from './der.ts';

const OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  timeStamping: '1.3.6.1.5.5.7.3.8',
} as const;
const DIGESTS: Record<string, string> = {
  [OID.sha256]: 'sha256',
  [OID.sha384]: 'sha384',
  [OID.sha512]: 'sha512',
};

export type TimestampRequest = { der: Buffer; imprint: Buffer; nonce: Buffer };

/** A TimeStampReq (v1, SHA-256 imprint of `data`, a random 64-bit nonce, the TSA's certificate asked for). */
export function timestampRequest(data: Buffer, nonce = randomBytes(8)): TimestampRequest {
  const imprint = createHash('sha256').update(data).digest();
  const der = sequence(
    integer(Buffer.from([1])),
    sequence(sequence(oid(OID.sha256), derNull()), octetString(imprint)),
    integer(nonce),
    boolean(true),
  );
  return { der, imprint, nonce };
}

export type TimestampToken = {
  genTime: Date;
  serialNumber: string;
  policy: string;
  hashAlgorithm: string;
  imprint: Buffer;
  nonce?: Buffer;
  /** The DER TSTInfo the TSA signed. */
  tstInfo: Buffer;
  certificates: X509Certificate[];
  signer: { serialNumber: string; digest: string; signedAttrs: Buffer; signature: Buffer };
  /** The whole token (CMS ContentInfo), as stored beside what it stamps. */
  der: Buffer;
};

const magnitude = (n: Node) =>
  n.content[0] === 0 && n.content.length > 1 ? n.content.subarray(1) : n.content;

function parseGeneralizedTime(n: Node): Date {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\.\d+)?Z$/.exec(
    n.content.toString('latin1'),
  );
  if (n.tag !== 0x18 || !m) throw new DerError('genTime is not a GeneralizedTime in UTC');
  return new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7] ?? ''}Z`);
}

function parseTstInfo(
  tstInfo: Buffer,
): Pick<
  TimestampToken,
  'genTime' | 'serialNumber' | 'policy' | 'hashAlgorithm' | 'imprint' | 'nonce'
> {
  const fields = children(read(tstInfo));
  const [, policy, messageImprint, serial, genTime, ...rest] = fields;
  if (!policy || !messageImprint || !serial || !genTime)
    throw new DerError('TSTInfo is incomplete');
  const nonce = rest.find((n) => n.tag === 0x02);
  return {
    policy: oidString(policy),
    hashAlgorithm: oidString(child(child(messageImprint, 0, 'hash algorithm'), 0, 'algorithm')),
    imprint: Buffer.from(child(messageImprint, 1, 'hashed message').content),
    serialNumber: magnitude(serial).toString('hex'),
    genTime: parseGeneralizedTime(genTime),
    ...(nonce ? { nonce: Buffer.from(magnitude(nonce)) } : {}),
  };
}

function parseSignerInfo(info: Node): TimestampToken['signer'] {
  const [, sid, digestAlgorithm, ...rest] = children(info);
  const signedAttrs = rest.find((n) => n.tag === 0xa0);
  const signature = rest.find((n) => n.tag === 0x04);
  if (!sid || !digestAlgorithm || !signedAttrs || !signature)
    throw new DerError('SignerInfo is incomplete');
  // The signature covers the attributes DER-encoded as a SET (RFC 5652 section 5.4).
  const asSet = Buffer.from(signedAttrs.bytes);
  asSet[0] = 0x31;
  return {
    serialNumber: sid.tag === 0x30 ? magnitude(child(sid, 1, 'signer serial')).toString('hex') : '',
    digest: DIGESTS[oidString(child(digestAlgorithm, 0, 'digest algorithm'))] ?? 'unknown',
    signedAttrs: asSet,
    signature: Buffer.from(signature.content),
  };
}

/** Parses a time-stamp token (the CMS ContentInfo a TSA returns); throws DerError when it is not one. */
export function parseTimestampToken(der: Buffer): TimestampToken {
  const tokenNode = read(der);
  if (oidString(child(tokenNode, 0, 'content type')) !== OID.signedData)
    throw new DerError('the token is not CMS SignedData');
  const signedData = child(child(tokenNode, 1, 'signed data'), 0, 'signed data');
  const parts = children(signedData);
  const encap = parts[2];
  if (!encap || oidString(child(encap, 0, 'eContentType')) !== OID.tstInfo)
    throw new DerError('the token holds no TSTInfo');
  const tstInfo = Buffer.from(child(child(encap, 1, 'eContent'), 0, 'eContent').content);
  const certs = parts.find((n, i) => i > 2 && n.tag === 0xa0);
  const signerInfos = parts.at(-1);
  if (signerInfos?.tag !== 0x31) throw new DerError('the token has no signer');
  return {
    ...parseTstInfo(tstInfo),
    tstInfo,
    certificates: certs ? children(certs).map((c) => new X509Certificate(c.bytes)) : [],
    signer: parseSignerInfo(child(signerInfos, 0, 'signer info')),
    der: Buffer.from(tokenNode.bytes),
  };
}

export type TimestampResponse = { status: number; granted: boolean; token?: TimestampToken };

/** Parses a TimeStampResp; throws DerError when it is not one. */
export function parseTimestampResponse(der: Buffer): TimestampResponse {
  const resp = read(der);
  const statusInfo = child(resp, 0, 'status');
  const status = Number.parseInt(
    magnitude(child(statusInfo, 0, 'status value')).toString('hex') || '0',
    16,
  );
  const tokenNode = children(resp)[1];
  if ((status !== 0 && status !== 1) || !tokenNode) return { status, granted: false };
  return { status, granted: true, token: parseTimestampToken(Buffer.from(tokenNode.bytes)) };
}

function attribute(signedAttrs: Buffer, type: string): Buffer | undefined {
  const attr = children(read(signedAttrs)).find(
    (a) => oidString(child(a, 0, 'attribute type')) === type,
  );
  return (
    attr && Buffer.from(child(child(attr, 1, 'attribute values'), 0, 'attribute value').content)
  );
}

/**
 * What is wrong with a token for `data` (empty when it holds): our hash and nonce, the signed
 * attributes, the signature, and a signer certificate for time stamping, valid at genTime and
 * issued by one of `trusted`.
 */
export function checkTimestamp(
  token: TimestampToken,
  data: Buffer,
  options: { nonce?: Buffer; trusted: X509Certificate[] },
): string[] {
  const problems: string[] = [];
  if (
    token.hashAlgorithm !== OID.sha256 ||
    !token.imprint.equals(createHash('sha256').update(data).digest())
  )
    problems.push('the timestamp is for other data');
  const unpadded = (b: Buffer) =>
    b.subarray(
      Math.max(
        0,
        b.findIndex((x) => x !== 0),
      ),
    );
  if (options.nonce && !(token.nonce && unpadded(token.nonce).equals(unpadded(options.nonce))))
    problems.push('the timestamp does not carry our nonce');
  const { signer } = token;
  const digest =
    signer.digest === 'unknown'
      ? undefined
      : createHash(signer.digest).update(token.tstInfo).digest();
  if (!digest || !attribute(signer.signedAttrs, OID.messageDigest)?.equals(digest))
    problems.push('the signed message digest is not the TSTInfo’s');
  const cert = token.certificates.find(
    (c) =>
      c.serialNumber.toLowerCase().replace(/^0+/, '') === signer.serialNumber.replace(/^0+/, ''),
  );
  if (!cert) return [...problems, 'the token does not hold the TSA’s certificate'];
  if (!verify(signer.digest, signer.signedAttrs, cert.publicKey, signer.signature))
    problems.push('the TSA’s signature does not verify');
  if (!cert.keyUsage?.includes(OID.timeStamping))
    problems.push('the signer certificate is not for time stamping');
  if (token.genTime < new Date(cert.validFrom) || token.genTime > new Date(cert.validTo))
    problems.push('the signer certificate was not valid at the stamped time');
  if (!options.trusted.some((ca) => cert.checkIssued(ca) && cert.verify(ca.publicKey)))
    problems.push('the TSA’s certificate is not issued by a trusted CA');
  return problems;
}
