import type { Check } from '../types.ts';
import { ftpAnonymous } from './ftp-anonymous/index.ts';
import { httpDirectoryListing } from './http-directory-listing/index.ts';
import { httpExposedFiles } from './http-exposed-files/index.ts';
import { httpSecurityHeaders } from './http-security-headers/index.ts';
import { httpServerVersion } from './http-server-version/index.ts';
import { memcachedExposed } from './memcached-exposed/index.ts';
import { mongodbNoAuth } from './mongodb-no-auth/index.ts';
import { redisNoAuth } from './redis-no-auth/index.ts';
import { sshOutdatedVersion } from './ssh-outdated-version/index.ts';
import { sshPasswordAuth } from './ssh-password-auth/index.ts';
import { sshWeakAlgorithms } from './ssh-weak-algorithms/index.ts';
import { telnetOpen } from './telnet-open/index.ts';
import { tlsExpired } from './tls-expired/index.ts';
import { tlsHostnameMismatch } from './tls-hostname-mismatch/index.ts';
import { tlsLegacyProtocol } from './tls-legacy-protocol/index.ts';
import { tlsNotYetValid } from './tls-not-yet-valid/index.ts';
import { tlsSelfSigned } from './tls-self-signed/index.ts';
import { tlsWeakCipher } from './tls-weak-cipher/index.ts';
import { vulnerableVersion } from './vulnerable-version/index.ts';

/** Every built-in check, in the order they run. */
export const CHECKS: readonly Check[] = [
  tlsExpired,
  tlsNotYetValid,
  tlsSelfSigned,
  tlsHostnameMismatch,
  tlsLegacyProtocol,
  tlsWeakCipher,
  httpSecurityHeaders,
  httpServerVersion,
  httpDirectoryListing,
  httpExposedFiles,
  ftpAnonymous,
  telnetOpen,
  redisNoAuth,
  memcachedExposed,
  mongodbNoAuth,
  sshOutdatedVersion,
  sshWeakAlgorithms,
  sshPasswordAuth,
  vulnerableVersion,
];

/** Selects checks by "all", "none" or a comma-separated id list; unknown ids are an error. */
export function selectChecks(selection = 'all', checks: readonly Check[] = CHECKS): Check[] {
  const text = selection.trim();
  if (text === 'all') return [...checks];
  if (text === 'none' || text === '') return [];
  const ids = text.split(',').map((s) => s.trim());
  const unknown = ids.filter((id) => !checks.some((c) => c.id === id));
  if (unknown.length) throw new Error(`Unknown check id(s): ${unknown.join(', ')}`);
  return checks.filter((c) => ids.includes(c.id));
}
