import type { TestDefinition } from '../../model.ts';
import type { SecurityContext } from '../context.ts';
import { evidenceLog, failed, guarded, passed } from '../outcome.ts';
import { plainHttpFailure } from './plain-http.ts';

/** Days left below which a certificate fails: renewal has to have happened by then. */
export const MIN_DAYS_TO_EXPIRY = 14;

export const certificateValidity: TestDefinition<SecurityContext> = {
  id: 'security.certificate',
  suite: 'security',
  name: 'Certificate validity',
  checks:
    'The certificate the deployment presents: a trusted chain, a name matching the host, and days to expiry.',
  how: 'A TLS handshake that verifies the chain against the trust store (and the configured CA), then the parsed certificate’s names and dates.',
  passCriterion: `The chain is trusted, the certificate names the host, it is in its validity period and expires in ${MIN_DAYS_TO_EXPIRY} days or more.`,
  covers: ['ASVS 12.2.2'],
  passive: true,
  thresholds: [{ metric: 'daysToExpiry', unit: 'days', min: MIN_DAYS_TO_EXPIRY }],
  async run(context) {
    const log = evidenceLog();
    return guarded(log, async () => {
      if (!context.tls) return plainHttpFailure(context, log, 'there is no certificate to trust');
      const cert = await context.tls.certificate();
      log.add(
        'tls-certificate',
        `${cert.subject}, issued by ${cert.issuer}, valid to ${cert.validTo}`,
        cert,
      );
      const measurements = { daysToExpiry: cert.daysToExpiry };
      const problems: string[] = [];
      if (!cert.chainTrusted)
        problems.push(`the chain is not trusted (${cert.chainError ?? 'unverified'})`);
      if (!cert.nameMatches)
        problems.push(
          `it does not name ${context.baseUrl.hostname} (names: ${cert.sans.join(', ') || cert.subject})`,
        );
      if (new Date(cert.validFrom).getTime() > Date.now())
        problems.push(`it is not valid before ${cert.validFrom}`);
      if (cert.daysToExpiry < 0) problems.push(`it expired on ${cert.validTo}`);
      else if (cert.daysToExpiry < MIN_DAYS_TO_EXPIRY)
        problems.push(`it expires in ${cert.daysToExpiry} days (${cert.validTo})`);
      if (problems.length > 0)
        return failed(
          `The certificate fails: ${problems.join('; ')}.`,
          log,
          'Install a certificate from a trusted CA for the deployment’s name (e.g. Let’s Encrypt with automatic renewal) at the TLS terminator.',
          measurements,
        );
      return passed(
        `The chain verified against the trust store, the certificate names ${context.baseUrl.hostname}, and it expires in ${cert.daysToExpiry} days.`,
        log,
        measurements,
      );
    });
  },
};
