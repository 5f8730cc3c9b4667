import { compareApk } from './apk-version.ts';
import {
  DISTRO_NAMES,
  DISTRO_WORDS,
  EPOCHS,
  RELEASE_BY_UPSTREAM,
  SOURCE_PACKAGES,
} from './distro-data.ts';
import { compareDpkg } from './dpkg-version.ts';
import { compareRpm } from './rpm-version.ts';
import type { TDistro } from './schema.ts';

/** A distribution build as a service revealed it; release and package version when it said so. */
export type DistroBuild = {
  distro: TDistro;
  /** "12", "22.04", "9"; absent when nothing tells the release. */
  release?: string;
  /** Source package ("openssh", "apache2", "php8.2"), when the product has one listed. */
  package?: string;
  /** Full package version in the distribution's order, epoch included: "1:9.2p1-2+deb12u10". */
  version?: string;
  /** How people name it: "Debian 12", "Ubuntu", "RHEL 9", "Rocky Linux". */
  label: string;
};

/** What a detected product offers to read a build from: key, version and the text that showed it. */
export type BuildSource = { key: string; version: string; source: string };

// "Debian-2+deb12u10" / "Ubuntu-3ubuntu0.10" after an SSH software version.
const SSH_COMMENT = /\bSSH-[\d.]+-\S+ +(Debian|Ubuntu|Raspbian)-(\S+)/i;
// A version with a packaging revision: "8.2.20-1~deb12u1", "5.7.33-0ubuntu0.18.04.1", "1.20.1-14.el9_2.1".
const PACKAGED = /^(\d[\w.+~:]*?)-(\w[\w.+~]*(?:deb\d+u\d+|ubuntu|\.el\d+)[\w.+~]*)$/i;

/** The release a revision names: "+deb12u3" -> debian 12, "0ubuntu0.18.04.1" -> ubuntu 18.04. */
function fromRevision(revision: string): { distro: TDistro; release?: string } | undefined {
  const ubuntu = /ubuntu/i.exec(revision);
  if (ubuntu)
    return { distro: 'ubuntu', release: /ubuntu\d+\.(\d{2}\.\d{2})(?:\.|$)/i.exec(revision)?.[1] };
  const debian = /deb(\d+)u\d+/.exec(revision);
  if (debian) return { distro: 'debian', release: debian[1] };
  const el = /\.el(\d+)/.exec(revision);
  if (el) return { distro: 'rhel', release: el[1] };
  return undefined;
}

function packageFor(key: string, distro: TDistro, upstream: string): string | undefined {
  const name = SOURCE_PACKAGES[key]?.[distro];
  return typeof name === 'function' ? name(upstream) : name;
}

/**
 * The distribution build behind a detected product, from its banner or header: distribution,
 * release, source package and package version as far as the service tells them.
 * @example distroBuild({ key: 'openssh', version: '9.2p1', source: 'ssh banner: SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u10' })
 * // { distro: 'debian', release: '12', package: 'openssh', version: '1:9.2p1-2+deb12u10', label: 'Debian 12' }
 */
export function distroBuild({ key, version, source }: BuildSource): DistroBuild | undefined {
  let upstream = version;
  let revision: string | undefined;
  const ssh = SSH_COMMENT.exec(source);
  const packaged = PACKAGED.exec(version);
  if (ssh) revision = ssh[2];
  else if (packaged) [upstream, revision] = [packaged[1]!, packaged[2]!];
  const named = revision ? fromRevision(revision) : undefined;
  const worded = DISTRO_WORDS.find((w) => w.pattern.test(ssh ? ssh[1]! : source));
  const distro = named?.distro ?? worded?.distro;
  // The revision belongs to this distribution: it names it, or the SSH comment before it does.
  const ownRevision = revision && (named ? named.distro === distro : Boolean(ssh));
  if (!distro) return undefined;
  const release = named?.release ?? RELEASE_BY_UPSTREAM[key]?.[distro]?.[upstream];
  const pkg = packageFor(key, distro, upstream);
  const epoch = EPOCHS[key]?.[distro];
  const plain = upstream.replace(/^\d+:/, '');
  const name = distro === 'rhel' && worded ? worded.pattern.exec(source)?.[0] : undefined;
  return {
    distro,
    ...(release ? { release } : {}),
    ...(pkg ? { package: pkg } : {}),
    ...(ownRevision ? { version: `${epoch ? `${epoch}:` : ''}${plain}-${revision}` } : {}),
    label: `${name && !release ? name : DISTRO_NAMES[distro]}${release ? ` ${release}` : ''}`,
  };
}

/**
 * Orders two package versions of a distribution in its own order (dpkg for Debian and Ubuntu,
 * rpm for RHEL, apk for Alpine); null when either does not parse.
 */
export function compareDistroVersions(distro: TDistro, a: string, b: string): -1 | 0 | 1 | null {
  if (distro === 'debian' || distro === 'ubuntu') return compareDpkg(a, b);
  if (distro === 'rhel') return compareRpm(a, b);
  return compareApk(a, b);
}
