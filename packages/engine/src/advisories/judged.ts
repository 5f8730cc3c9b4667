/**
 * CVEs that a check decides from what the server does, never from a version number: version
 * matching (bundled and imported advisories alike) skips them. CVE id -> id of the deciding check.
 */
export const JUDGED_BY_CHECK: Readonly<Record<string, string>> = {
  // Terrapin: vulnerable unless the server advertises strict key exchange (kex-strict-s-v00@openssh.com).
  'CVE-2023-48795': 'ssh-weak-algorithms',
};

/** The check that decides this CVE from the server's behaviour, if any. */
export function decidingCheck(cveId: string | null | undefined): string | undefined {
  return cveId ? JUDGED_BY_CHECK[cveId] : undefined;
}
