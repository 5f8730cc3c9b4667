import type { TestDefinition } from '../../model.ts';
import type { SecurityContext } from '../context.ts';
import { evidenceLog, failed, guarded, inconclusive, passed } from '../outcome.ts';
import { plainHttpFailure } from './plain-http.ts';

/** Each suite is offered alone (OpenSSL names; TLS 1.3 ones by their IANA names). */
export const CANDIDATE_SUITES = [
  'TLS_AES_128_GCM_SHA256',
  'TLS_AES_256_GCM_SHA384',
  'TLS_CHACHA20_POLY1305_SHA256',
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
  'ECDHE-RSA-CHACHA20-POLY1305',
  'DHE-RSA-AES128-GCM-SHA256',
  'DHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-AES128-SHA256',
  'ECDHE-RSA-AES128-SHA256',
  'ECDHE-ECDSA-AES128-SHA',
  'ECDHE-RSA-AES128-SHA',
  'ECDHE-ECDSA-AES256-SHA',
  'ECDHE-RSA-AES256-SHA',
  'AES128-GCM-SHA256',
  'AES256-GCM-SHA384',
  'AES128-SHA256',
  'AES256-SHA256',
  'AES128-SHA',
  'AES256-SHA',
  'DES-CBC3-SHA',
  'ECDHE-RSA-DES-CBC3-SHA',
] as const;

export const cipherSuites: TestDefinition<SecurityContext> = {
  id: 'security.cipher-suites',
  suite: 'security',
  name: 'Cipher suites and forward secrecy',
  checks:
    'Which cipher suites the deployment accepts: no weak ones, forward secrecy for every one, AEAD offered.',
  how: `${CANDIDATE_SUITES.length} handshakes each offering one suite, and a hand-built ClientHello offering only NULL, EXPORT, anonymous, DES, 3DES and RC4 suites.`,
  passCriterion:
    'No weak suite is chosen from either offer, every accepted suite has forward secrecy (ECDHE, DHE or TLS 1.3), and at least one is AEAD.',
  covers: ['ASVS 12.1.2', 'ASVS 11.3.2'],
  passive: true,
  async run(context, signal) {
    const log = evidenceLog();
    return guarded(log, async () => {
      if (!context.tls)
        return plainHttpFailure(context, log, 'no cipher protects the traffic', signal);
      const suites = await context.tls.suites(CANDIDATE_SUITES, signal);
      const weakChosen = await context.tls.weakSuite();
      log.add('tls-suites', `${suites.length} of ${CANDIDATE_SUITES.length} suites accepted`, {
        suites,
        weakChosen,
      });
      if (suites.length === 0)
        return inconclusive(
          'No suite completed a handshake on its own, so the TLS probe did not run.',
          log,
        );
      const weak = suites.filter((s) => s.bits < 128).map((s) => s.name);
      if (weakChosen) weak.push(`${weakChosen} (from the weak-only ClientHello)`);
      const withoutFs = suites.filter((s) => !s.forwardSecrecy).map((s) => s.name);
      const problems: string[] = [];
      if (weak.length) problems.push(`weak suites accepted: ${[...new Set(weak)].join(', ')}`);
      if (withoutFs.length)
        problems.push(`suites without forward secrecy accepted: ${withoutFs.join(', ')}`);
      if (!suites.some((s) => s.aead))
        problems.push('no AEAD suite (GCM, ChaCha20-Poly1305) is accepted');
      if (problems.length)
        return failed(
          `The cipher configuration fails: ${problems.join('; ')}.`,
          log,
          'Offer only ECDHE suites with AES-GCM or ChaCha20-Poly1305 for TLS 1.2, plus TLS 1.3 (nginx: ssl_ciphers ECDHE+AESGCM:ECDHE+CHACHA20;).',
        );
      return passed(
        `All ${suites.length} accepted suites have forward secrecy and at least 128-bit keys, ${suites.filter((s) => s.aead).length} are AEAD, and the weak-only ClientHello was refused.`,
        log,
      );
    });
  },
};
