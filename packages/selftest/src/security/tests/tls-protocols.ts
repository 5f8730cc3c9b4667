import type { TestDefinition } from '../../model.ts';
import type { SecurityContext } from '../context.ts';
import { evidenceLog, failed, guarded, inconclusive, passed } from '../outcome.ts';
import { isRefusal, type TlsVersion } from '../tls-probe.ts';
import { plainHttpFailure } from './plain-http.ts';

const LABEL: Record<TlsVersion, string> = {
  TLSv1: 'TLS 1.0',
  'TLSv1.1': 'TLS 1.1',
  'TLSv1.2': 'TLS 1.2',
  'TLSv1.3': 'TLS 1.3',
};

export const tlsProtocols: TestDefinition<SecurityContext> = {
  id: 'security.tls-protocols',
  suite: 'security',
  name: 'TLS protocol versions',
  checks: 'Which TLS versions the deployment completes a handshake with.',
  how: 'One handshake per version (TLS 1.0, 1.1, 1.2, 1.3), each offering only that version, to the base URL’s host and port.',
  passCriterion: 'TLS 1.0 and 1.1 are refused, TLS 1.3 is accepted (TLS 1.2 may be).',
  covers: ['ASVS 12.1.1', 'ASVS 12.2.1'],
  passive: true,
  async run(context, signal) {
    const log = evidenceLog();
    return guarded(log, async () => {
      if (!context.tls) return plainHttpFailure(context, log, 'no TLS version at all', signal);
      const probes = await context.tls.protocols(signal);
      const accepted = probes.filter((p) => p.accepted).map((p) => p.version);
      log.add('tls-protocols', `Accepted: ${accepted.map((v) => LABEL[v]).join(', ') || 'none'}`, {
        probes,
        accepted,
      });
      // A version counts as refused only when the server answered the offer with a refusal.
      const unclear = probes.filter((p) => !p.accepted && !isRefusal(p.error));
      if (accepted.length === 0)
        return inconclusive(
          `No TLS handshake completed with ${context.tls.host}:${context.tls.port} (${unclear.map((p) => p.error).join(', ') || 'every offer refused'}), so the TLS probe did not run.`,
          log,
        );
      const legacy: TlsVersion[] = accepted.filter((v) => v === 'TLSv1' || v === 'TLSv1.1');
      if (legacy.length > 0)
        return failed(
          `The deployment completed handshakes offering only ${legacy.map((v) => LABEL[v]).join(' and ')}, besides ${
            accepted
              .filter((v) => !legacy.includes(v))
              .map((v) => LABEL[v])
              .join(', ') || 'nothing newer'
          }.`,
          log,
          'Allow only TLS 1.2 and TLS 1.3 where TLS terminates (Node: minVersion "TLSv1.2"; nginx: ssl_protocols TLSv1.2 TLSv1.3).',
        );
      if (!accepted.includes('TLSv1.3'))
        return failed(
          'TLS 1.3 was refused: only TLS 1.2 completed a handshake.',
          log,
          'Enable TLS 1.3 where TLS terminates (it is on by default in Node and in OpenSSL 1.1.1+).',
        );
      if (unclear.some((p) => p.version === 'TLSv1' || p.version === 'TLSv1.1'))
        return inconclusive(
          `The legacy offers ended without a TLS refusal (${unclear.map((p) => `${LABEL[p.version]}: ${p.error}`).join(', ')}), so whether they are refused is not known.`,
          log,
        );
      return passed(
        `TLS 1.0 and 1.1 were refused with a TLS alert while ${accepted.map((v) => LABEL[v]).join(' and ')} completed.`,
        log,
      );
    });
  },
};
