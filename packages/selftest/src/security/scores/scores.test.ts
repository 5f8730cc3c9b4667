import { describe, expect, it } from 'vitest';
import type { NegotiatedSuite } from '../tls-probe.ts';
import { observatoryGrade, observatoryScore } from './observatory.ts';
import { sslLabsGrade } from './ssl-labs.ts';

const m = (rule: string, modifier: number) => ({ rule, modifier, testId: 't' });

describe('Observatory-style score', () => {
  it('starts at 100, counts bonuses only from 90 up, and never goes below 0', () => {
    expect(observatoryScore([m('a', 5), m('b', 10)])).toMatchObject({ score: 115, grade: 'A+' });
    // 100 - 20 = 80 is under 90: the +5 does not count.
    expect(
      observatoryScore([m('hsts-not-implemented', -20), m('referrer-policy-private', 5)]),
    ).toMatchObject({ score: 80, grade: 'B+' });
    expect(observatoryScore([m('a', -50), m('b', -40), m('c', -25)])).toMatchObject({
      score: 0,
      grade: 'F',
    });
    expect([100, 90, 85, 80, 70, 65, 60, 50, 45, 40, 30, 25, 24].map(observatoryGrade)).toEqual([
      'A+',
      'A',
      'A-',
      'B+',
      'B',
      'B-',
      'C+',
      'C',
      'C-',
      'D+',
      'D',
      'D-',
      'F',
    ]);
  });
});

const suite = (over: Partial<NegotiatedSuite> = {}): NegotiatedSuite => ({
  name: 'TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256',
  protocol: 'TLSv1.2',
  bits: 128,
  forwardSecrecy: true,
  aead: true,
  keyExchange: { type: 'ECDH X25519', bits: 253 },
  ...over,
});
const certificate = {
  subject: '',
  issuer: '',
  validFrom: '2020-01-01T00:00:00Z',
  validTo: '2999-01-01T00:00:00Z',
  sans: [],
  chainTrusted: true,
  nameMatches: true,
  daysToExpiry: 300,
  publicKey: { type: 'ec', bits: 256 },
};
const base = {
  accepted: ['TLSv1.2', 'TLSv1.3'] as const,
  suites: [suite(), suite({ name: 'TLS_AES_256_GCM_SHA384', bits: 256 })],
  weakChosen: null,
  certificate,
  hstsPassed: false,
};

describe('SSL Labs-style grade', () => {
  it('weighs protocol 30 %, key exchange 30 %, cipher 40 %', () => {
    const g = sslLabsGrade({ ...base, accepted: [...base.accepted] });
    // (100+100)/2*0.3 + 90*0.3 + (100+80)/2*0.4 = 30 + 27 + 36 = 93
    expect(g).toMatchObject({
      score: 93,
      grade: 'A',
      protocol: 100,
      keyExchange: 90,
      cipher: 90,
      caps: [],
    });
    expect(sslLabsGrade({ ...base, accepted: [...base.accepted], hstsPassed: true }).grade).toBe(
      'A+',
    );
  });

  it('applies the caps: legacy TLS and no forward secrecy → B, 3DES → C, NULL → F, untrusted → T', () => {
    const accepted = [...base.accepted];
    expect(sslLabsGrade({ ...base, accepted: ['TLSv1', ...accepted] })).toMatchObject({
      grade: 'B',
      caps: ['TLS 1.0/1.1 → B'],
    });
    expect(
      sslLabsGrade({
        ...base,
        accepted,
        suites: [suite({ forwardSecrecy: false, keyExchange: { type: 'RSA', bits: 2048 } })],
      }).grade,
    ).toBe('B');
    expect(
      sslLabsGrade({
        ...base,
        accepted,
        suites: [
          ...base.suites,
          suite({ name: 'TLS_RSA_WITH_3DES_EDE_CBC_SHA', bits: 112, forwardSecrecy: false }),
        ],
      }).grade,
    ).toBe('C');
    expect(sslLabsGrade({ ...base, accepted, weakChosen: 'TLS_RSA_WITH_NULL_SHA' }).grade).toBe(
      'F',
    );
    expect(
      sslLabsGrade({ ...base, accepted, certificate: { ...certificate, chainTrusted: false } }),
    ).toMatchObject({ grade: 'T', gradeIgnoringTrust: 'A' });
  });
});
