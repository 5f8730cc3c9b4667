// Proof that a test's SDKs resolve no host name: every fake is addressed as 127.0.0.1, so any DNS
// lookup means an SDK fell back to a real endpoint (login.microsoftonline.com, googleapis.com,
// metadata.google.internal). Lookups are refused and remembered for the test to assert on.
import dns from 'node:dns';
import { isIP } from 'node:net';

export function guardDnsLookups(): { lookups: string[]; restore: () => void } {
  const lookups: string[] = [];
  const original = dns.lookup;
  const refuse = (hostname: string, ...rest: unknown[]) => {
    // Node itself "looks up" address literals (server.listen, connect): those never leave.
    if (isIP(hostname) || hostname === 'localhost')
      return (original as (...a: unknown[]) => void)(hostname, ...rest);
    lookups.push(hostname);
    const callback = rest.at(-1) as (error: Error) => void;
    queueMicrotask(() =>
      callback(
        Object.assign(new Error(`DNS lookup of ${hostname} refused in tests`), {
          code: 'ENOTFOUND',
        }),
      ),
    );
  };
  dns.lookup = refuse as typeof dns.lookup;
  const restore = () => {
    dns.lookup = original;
  };
  return { lookups, restore };
}
