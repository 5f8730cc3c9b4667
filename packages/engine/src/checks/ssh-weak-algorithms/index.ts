import { DETECTION_QOD, type TDetection, type TFinding } from '@netguard/contracts';
import { sshHello } from '../../services/probes/ssh.ts';
import type { KexInit } from '../../services/probes/ssh-wire.ts';
import type { Check, CheckContext } from '../../types.ts';
import { action, endpointOf, makeFinding } from '../finding.ts';
import { terrapinExposed, type WeakKind, weakOffered } from './weak.ts';

const ID = 'ssh-weak-algorithms';

const KINDS: Record<
  WeakKind,
  { label: string; option: string; cvss: number; severity: 'medium' | 'low'; why: string }
> = {
  kex: {
    label: 'key exchange',
    option: 'KexAlgorithms',
    cvss: 5.9,
    severity: 'medium',
    why: 'SHA-1 and 1024-bit Diffie-Hellman groups are within reach of well-funded attackers (Logjam) and are deprecated by RFC 9142',
  },
  cipher: {
    label: 'cipher',
    option: 'Ciphers',
    cvss: 5.9,
    severity: 'medium',
    why: 'RC4, 3DES, Blowfish and CBC-mode ciphers allow plaintext recovery attacks (CVE-2008-5161, Sweet32) and are deprecated by RFC 8758',
  },
  mac: {
    label: 'MAC',
    option: 'MACs',
    cvss: 3.7,
    severity: 'low',
    why: 'MD5-based and truncated 64/96-bit MACs weaken the integrity protection of the session',
  },
};

/** The SSH server offers deprecated key exchange, cipher or MAC algorithms in its KEXINIT. */
export const sshWeakAlgorithms: Check = {
  id: ID,
  title: 'SSH weak algorithms offered',
  appliesTo: (ctx) => ctx.service.name === 'ssh',
  async run(ctx) {
    const hello = await sshHello(endpointOf(ctx));
    if (!hello) return [];
    const weak = weakOffered(hello.kexInit);
    const findings = (Object.keys(KINDS) as WeakKind[])
      .filter((kind) => weak[kind].length > 0)
      .map((kind) => weakFinding(ctx, kind, weak[kind], hello));
    const terrapin = terrapinExposed(hello.kexInit);
    if (terrapin) findings.push(terrapinFinding(ctx, terrapin, hello));
    return findings;
  },
};

function evidence(hello: { banner: string; kexInit: KexInit }): string {
  const k = hello.kexInit;
  return [
    'sent: SSH-2.0 identification + SSH_MSG_KEXINIT',
    `received: ${hello.banner}`,
    `kex: ${k.kex.join(',')}`,
    `ciphers: ${[...new Set([...k.ciphersClientToServer, ...k.ciphersServerToClient])].join(',')}`,
    `macs: ${[...new Set([...k.macsClientToServer, ...k.macsServerToClient])].join(',')}`,
  ].join('\n');
}

/** Judged from the lists the server's KEXINIT offers, not from its version. */
function fromKexInit(detail: string): TDetection {
  return { method: 'configuration', qod: DETECTION_QOD.configuration, detail, distribution: null };
}

function weakFinding(
  ctx: CheckContext,
  kind: WeakKind,
  names: string[],
  hello: { banner: string; kexInit: KexInit },
): TFinding {
  const k = KINDS[kind];
  return makeFinding(ID, ctx, {
    title: `SSH weak ${k.label} algorithms offered`,
    severity: k.severity,
    vulnerability_type: 'weak_cryptography',
    cvss: k.cvss,
    description: `The server offers ${names.join(', ')}. ${k.why}. A client that prefers them, or an attacker who can influence negotiation, gets a weaker session.`,
    solution: `Remove ${names.join(', ')} from ${k.option} in sshd_config.`,
    evidence: evidence(hello),
    detection: fromKexInit(`The server's KEXINIT offers ${names.join(', ')}.`),
    mitigations: [
      action(
        'configuration',
        k.severity === 'medium' ? 'high' : 'medium',
        `Restrict ${k.option}`,
        20,
        [
          `In /etc/ssh/sshd_config set ${k.option} -${names.join(',')} (or list only modern algorithms).`,
          'Validate with sshd -t, then reload sshd.',
          'Re-scan to confirm the algorithms are gone.',
        ],
      ),
    ],
  });
}

function terrapinFinding(
  ctx: CheckContext,
  names: string[],
  hello: { banner: string; kexInit: KexInit },
): TFinding {
  return makeFinding(ID, ctx, {
    title: 'SSH prefix truncation (Terrapin) possible',
    severity: 'medium',
    vulnerability_type: 'weak_cryptography',
    cve_id: 'CVE-2023-48795',
    cvss: 5.9,
    description: `The server offers ${names.join(', ')} without strict key exchange (kex-strict-s-v00@openssh.com). A man-in-the-middle can drop messages at the start of the secure channel, for example to downgrade extension negotiation.`,
    solution:
      'Upgrade the SSH server to a release with strict key exchange (OpenSSH 9.6 or later), or disable chacha20-poly1305@openssh.com and encrypt-then-MAC with CBC ciphers.',
    evidence: evidence(hello),
    detection: fromKexInit(
      `The server's KEXINIT offers ${names.join(', ')} and no kex-strict-s-v00@openssh.com.`,
    ),
    mitigations: [
      action('upgrade', 'high', 'Upgrade the SSH server', 30, [
        'Install a release supporting strict key exchange (OpenSSH >= 9.6p1).',
        'Until then: Ciphers -chacha20-poly1305@openssh.com and MACs -*-etm@openssh.com in sshd_config.',
      ]),
    ],
  });
}
