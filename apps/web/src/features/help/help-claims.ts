import { REPORT_RULES } from '@netguard/contracts';

const frameworks = REPORT_RULES.frameworks;

/** The frameworks the Compliance Report maps controls to, as a sentence: "A, B and C". */
export const REPORT_FRAMEWORKS_TEXT = `${frameworks.slice(0, -1).join(', ')} and ${frameworks.at(-1)}`;

/**
 * What protects data in transit, as this browser reached NetGuard: the server itself speaks
 * plain HTTP, so only HTTPS in front of it (a TLS reverse proxy) encrypts the connection.
 */
export function transitProtection(protocol: string): { text: string; encrypted: boolean } {
  return protocol === 'https:'
    ? {
        encrypted: true,
        text: 'This page reached NetGuard over HTTPS: what passes between your browser and this address is encrypted in transit.',
      }
    : {
        encrypted: false,
        text: 'This page reached NetGuard over plain HTTP: what passes between your browser and the server is not encrypted in transit. Have NetGuard served over HTTPS, for example behind a TLS reverse proxy.',
      };
}

/** What NetGuard encrypts at rest, and what it does not. */
export const REST_PROTECTION =
  'Credentials you store (cloud keys, SSH host credentials, SIEM and SSO secrets, MFA secrets) are encrypted at rest. Scan results are stored unencrypted in NetGuard’s database: keep its disk encrypted.';
