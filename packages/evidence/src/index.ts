// @netguard/evidence: framework catalogues, canonical hashing, the evidence ledger, signed
// digests, evidence packages and their offline verifier.

export * from './canonical/hash.ts';
export * from './canonical/jcs.ts';
export * from './frameworks/index.ts';
export * from './ledger/chain.ts';
export * from './ledger/digest.ts';
export * from './ledger/keys.ts';
export * from './ledger/merkle.ts';
export * from './model/evidence.ts';
export * from './model/status.ts';
export * from './model/upload.ts';
export * from './package/breaks.ts';
export * from './package/build.ts';
export * from './package/layout.ts';
export * from './package/oscal.ts';
export * from './package/timestamp.ts';
export * from './package/verify.ts';
export * from './package/zip.ts';
export * from './timestamp/rfc3161.ts';
