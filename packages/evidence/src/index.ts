// @netguard/evidence: framework catalogues, canonical hashing, the evidence ledger, signed
// digests, evidence packages and their offline verifier.
export * from './frameworks/index.ts';
