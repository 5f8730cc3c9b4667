import { sshAuthMethods } from '../../services/probes/ssh.ts';
import type { Check } from '../../types.ts';
import { action, detectedBy, endpointOf, makeFinding } from '../finding.ts';

// keyboard-interactive is how PAM asks for a password on most systems.
const PASSWORD_METHODS = ['password', 'keyboard-interactive'];

/** The SSH server accepts passwords: it is open to online guessing and credential stuffing. */
export const sshPasswordAuth: Check = {
  id: 'ssh-password-auth',
  title: 'SSH password authentication enabled',
  appliesTo: (ctx) => ctx.service.name === 'ssh',
  async run(ctx) {
    const probe = await sshAuthMethods(endpointOf(ctx));
    if (!probe) return [];
    const evidence = `sent: key exchange (curve25519-sha256), then SSH_MSG_USERAUTH_REQUEST method "none"\nreceived: ${probe.banner}\nmethods that can continue: ${probe.methods.join(',')}`;
    if (probe.methods.includes('none'))
      return [
        makeFinding(this.id, ctx, {
          title: 'SSH login without authentication',
          severity: 'critical',
          vulnerability_type: 'authentication',
          cvss: 9.8,
          description:
            'The server accepted the "none" authentication method: anyone who reaches it gets a session.',
          solution: 'Require public key authentication and disable PermitEmptyPasswords.',
          evidence,
          detection: detectedBy(
            'active_probe',
            'The server accepted the "none" authentication method.',
          ),
          mitigations: [
            action('access_control', 'immediate', 'Require authentication on SSH', 15, [
              'Set PermitEmptyPasswords no and AuthenticationMethods publickey in sshd_config.',
              'Reload sshd and re-scan.',
            ]),
          ],
        }),
      ];
    const offered = probe.methods.filter((m) => PASSWORD_METHODS.includes(m));
    if (offered.length === 0) return [];
    return [
      makeFinding(this.id, ctx, {
        title: this.title,
        severity: 'medium',
        vulnerability_type: 'authentication',
        cvss: 5.3,
        description: `The server offers ${offered.join(' and ')} authentication. Passwords can be guessed or stuffed from leaked lists over the network; keys cannot.`,
        solution:
          'Disable PasswordAuthentication and KbdInteractiveAuthentication in sshd_config and use public keys (or certificates) only.',
        evidence,
        detection: detectedBy(
          'configuration',
          'Password methods are among those the server lets a client continue with.',
        ),
        mitigations: [
          action('configuration', 'high', 'Allow only key-based SSH logins', 20, [
            'Install public keys for every user who needs access (~/.ssh/authorized_keys).',
            'In /etc/ssh/sshd_config set PasswordAuthentication no and KbdInteractiveAuthentication no.',
            'Validate with sshd -t, reload sshd, and keep a session open until a key login works.',
          ]),
          action('firewall', 'medium', 'Limit who can reach SSH', 15, [
            `Allow port ${ctx.port} only from administration networks or a VPN.`,
            'Rate-limit new connections (e.g. fail2ban or nftables meters).',
          ]),
        ],
      }),
    ];
  },
};
