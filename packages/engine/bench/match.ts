// Benchmark 5: advisory matching speed. 10,000 detected services (mixed products, plain and
// distribution banners) against the bundled advisories plus 250,000 generated ones shaped like an
// NVD/OSV import (upstream ranges, distribution fixes, components), spread over the engine's
// products. Prints the index build time and ms per service (median of rounds). No network.
import { performance } from 'node:perf_hooks';
import { indexAdvisories, matchAdvisories } from '../src/advisories/match.ts';
import type { TAdvisory, TDistroFix } from '../src/advisories/schema.ts';
import { bundledAdvisories } from '../src/advisories/store.ts';
import type { ServiceInfo } from '../src/types.ts';

const SERVICES = Number(process.env.BENCH_SERVICES ?? 10_000);
const ADVISORIES = Number(process.env.BENCH_ADVISORIES ?? 250_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

// Deterministic pseudo-random numbers (mulberry32), so every run matches the same data.
let seed = 0x5eed;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const int = (n: number) => Math.floor(random() * n);

const dotted = (majors: number[], minors: number, patches: number) =>
  majors.flatMap((a) =>
    Array.from({ length: minors }, (_, b) =>
      Array.from({ length: patches }, (_, c) => `${a}.${b}.${c}`),
    ).flat(),
  );

/** Release histories per product, oldest first. */
const VERSIONS: Record<string, string[]> = {
  openssh: [6, 7, 8, 9].flatMap((a) => Array.from({ length: 10 }, (_, b) => `${a}.${b}p1`)),
  'apache-httpd': Array.from({ length: 63 }, (_, c) => `2.4.${c}`),
  nginx: dotted([1], 28, 4),
  php: dotted([5, 7, 8], 5, 30),
  mysql: dotted([5, 8], 8, 40),
  mariadb: dotted([10, 11], 12, 20),
  postgresql: [9, 10, 11, 12, 13, 14, 15, 16, 17].flatMap((a) =>
    Array.from({ length: 22 }, (_, b) => `${a}.${b}`),
  ),
  redis: dotted([5, 6, 7], 4, 18),
  memcached: dotted([1], 7, 30),
  bind: dotted([9], 20, 40),
  openssl: dotted([1, 3], 3, 15),
  exim: Array.from({ length: 99 }, (_, b) => `4.${b}`),
  vsftpd: dotted([2, 3], 4, 6),
  proftpd: dotted([1], 4, 9),
  mongodb: dotted([4, 5, 6, 7, 8], 4, 30),
  dovecot: dotted([2], 4, 22),
  postfix: dotted([3], 10, 8),
  lighttpd: dotted([1], 5, 80),
  dropbear: Array.from({ length: 30 }, (_, b) => `20${10 + Math.floor(b / 3)}.${70 + b}`),
};
const PRODUCTS = Object.keys(VERSIONS);
// An OSV or NVD import also carries records for packages no service shows (libraries, tools):
// 80% of the generated advisories go to 2,000 such names, 20% to the engine's products.
const OTHER_PACKAGES = Array.from({ length: 2000 }, (_, n) => `package-${n}`);
const OTHER_VERSIONS = dotted([1, 2, 3], 10, 10);

const RELEASES: Pick<TDistroFix, 'distro' | 'release'>[] = [
  { distro: 'debian', release: '11' },
  { distro: 'debian', release: '12' },
  { distro: 'ubuntu', release: '20.04' },
  { distro: 'ubuntu', release: '22.04' },
  { distro: 'ubuntu', release: '24.04' },
  { distro: 'rhel', release: '8' },
  { distro: 'rhel', release: '9' },
];
const PACKAGE: Record<string, string> = { 'apache-httpd': 'apache2', bind: 'bind9', exim: 'exim4' };
const packageOf = (product: string, distro: string) =>
  product === 'apache-httpd' && distro === 'rhel' ? 'httpd' : (PACKAGE[product] ?? product);

/** A package version in the release's own scheme: "1:9.2p1-2+deb12u3", "8.7p1-38.el9_4.1". */
function packageVersion(
  { distro, release }: Pick<TDistroFix, 'distro' | 'release'>,
  upstream: string,
  n: number,
) {
  const epoch = upstream.includes('p1') && distro !== 'rhel' ? '1:' : '';
  if (distro === 'debian') return `${epoch}${upstream}-2+deb${release}u${n}`;
  if (distro === 'ubuntu') return `${epoch}${upstream}-3ubuntu0.${n}`;
  return `${upstream}-${20 + n}.el${release}_${n % 5}`;
}

function range(versions: string[]): TAdvisory['affected'][number] {
  const i = int(versions.length);
  const j = Math.min(versions.length - 1, i + 1 + int(6));
  const shape = random();
  if (shape < 0.6) return { introduced: versions[i]!, fixed: versions[j]! };
  if (shape < 0.7) return { fixed: versions[Math.min(j, 5)]! };
  if (shape < 0.9) return { introduced: versions[i]!, last_affected: versions[j]! };
  return { introduced: versions[i]!, last_affected: versions[i]! };
}

function advisory(n: number): TAdvisory {
  const engine = n % 5 === 0;
  const product = engine
    ? PRODUCTS[(n / 5) % PRODUCTS.length]!
    : OTHER_PACKAGES[n % OTHER_PACKAGES.length]!;
  const versions = VERSIONS[product] ?? OTHER_VERSIONS;
  const affected = Array.from({ length: 1 + int(3) }, () => range(versions));
  const roll = random();
  const component =
    roll < 0.05 ? 'client' : roll < 0.12 ? 'library' : roll < 0.6 ? 'server' : undefined;
  const distributions =
    random() < 0.35
      ? RELEASES.filter(() => random() < 0.5).map((r) => ({
          ...r,
          package: packageOf(product, r.distro),
          ...(random() < 0.15
            ? { not_affected: true }
            : { fixed: packageVersion(r, pick(versions), 1 + int(12)) }),
        }))
      : undefined;
  const cve = `CVE-${2000 + (n % 26)}-${String(100000 + n)}`;
  return {
    id: `${product}/${cve}`,
    product,
    affected,
    ...(component ? { component } : {}),
    ...(distributions?.length ? { distributions } : {}),
    cve_id: cve,
    cvss: { score: Math.round(random() * 100) / 10 },
    summary: 'Generated advisory.',
    solution: 'Upgrade.',
    references: [],
  };
}

const SERVER_NAMES: Record<string, string> = {
  'apache-httpd': 'Apache',
  nginx: 'nginx',
  lighttpd: 'lighttpd',
};
const OS_COMMENT = ['', ' (Debian)', ' (Ubuntu)', ' (Red Hat Enterprise Linux)', ' (Unix)'];

function service(): ServiceInfo {
  const kind = random();
  if (kind < 0.3) {
    const version = pick(VERSIONS.openssh!);
    const release = pick(RELEASES);
    const suffix =
      random() < 0.4
        ? ''
        : release.distro === 'debian'
          ? ` Debian-2+deb${release.release}u${1 + int(12)}`
          : release.distro === 'ubuntu'
            ? ` Ubuntu-3ubuntu0.${1 + int(12)}`
            : '';
    return {
      name: 'ssh',
      product: 'OpenSSH',
      version,
      banner: `SSH-2.0-OpenSSH_${version}${suffix}`,
    };
  }
  if (kind < 0.6) {
    const key = pick(Object.keys(SERVER_NAMES));
    const version = pick(VERSIONS[key]!);
    const modules =
      random() < 0.3 ? ` OpenSSL/${pick(VERSIONS.openssl!)} PHP/${pick(VERSIONS.php!)}` : '';
    const headers: Record<string, string> = {
      server: `${SERVER_NAMES[key]}/${version}${pick(OS_COMMENT)}${modules}`,
    };
    if (random() < 0.2)
      headers['x-powered-by'] = `PHP/${pick(VERSIONS.php!)}-1~deb12u${1 + int(9)}`;
    return {
      name: 'http',
      product: SERVER_NAMES[key],
      version,
      http: { status: 200, headers, body: '' },
    };
  }
  if (kind < 0.7) {
    const version = pick(VERSIONS.mysql!);
    const raw = random() < 0.5 ? `${version}-0ubuntu0.${pick(['20.04', '22.04'])}.1` : version;
    return { name: 'mysql', product: 'MySQL', version, extra: { raw } };
  }
  const key = pick(
    PRODUCTS.filter((p) => !['openssh', 'mysql', ...Object.keys(SERVER_NAMES)].includes(p)),
  );
  return { name: key, product: key, version: pick(VERSIONS[key]!) };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const generateStart = performance.now();
const advisories = [
  ...bundledAdvisories(),
  ...Array.from({ length: ADVISORIES }, (_, n) => advisory(n)),
];
const services = Array.from({ length: SERVICES }, service);
const generateMs = performance.now() - generateStart;

const buildStart = performance.now();
const index = indexAdvisories(advisories);
const buildMs = performance.now() - buildStart;

const rounds: number[] = [];
let matches = 0;
for (let round = 0; round < ROUNDS; round++) {
  const start = performance.now();
  matches = 0;
  for (const s of services) matches += matchAdvisories(s, index).length;
  rounds.push(performance.now() - start);
}
const perService = median(rounds) / services.length;
console.log(
  JSON.stringify(
    {
      benchmark: 'match',
      advisories: advisories.length,
      services: services.length,
      rounds: ROUNDS,
      generate_ms: Math.round(generateMs),
      index_build_ms: Math.round(buildMs),
      round_ms: rounds.map((ms) => Math.round(ms)),
      ms_per_service: Number(perService.toFixed(4)),
      ms_per_service_first_round: Number((rounds[0]! / services.length).toFixed(4)),
      matches_per_round: matches,
    },
    null,
    2,
  ),
);
