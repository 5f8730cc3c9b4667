import { distroBuild } from '../../advisories/distro.ts';
import { upstreamDetection } from '../../advisories/match.ts';
import { productKeyForName } from '../../advisories/products.ts';
import type { Check } from '../../types.ts';
import { action, makeFinding } from '../finding.ts';
import { floorBelow } from './floors.ts';

// Distribution packages keep old upstream numbers while backporting fixes.
const DISTRO_BUILD = /\b(Debian|Ubuntu|Raspbian|el\d|FreeBSD)\b/i;

/** The distribution build the banner names ("Debian 12", "Ubuntu 22.04", "FreeBSD"), if any. */
function buildLabel(product: string, version: string, banner: string): string | null {
  const key = productKeyForName(product) ?? product.toLowerCase();
  const line = banner.split('\\x0d\\x0a')[0]!;
  return distroBuild({ key, version, source: line })?.label ?? DISTRO_BUILD.exec(line)?.[1] ?? null;
}

/** The SSH banner names a server release older than the supported floor in floors.ts. */
export const sshOutdatedVersion: Check = {
  id: 'ssh-outdated-version',
  title: 'Outdated SSH server version',
  appliesTo: (ctx) => ctx.service.name === 'ssh' && Boolean(ctx.service.product),
  async run(ctx) {
    const { product, version, banner } = ctx.service;
    const floor = floorBelow(product, version);
    if (!floor) return [];
    const distribution = buildLabel(product!, version!, banner ?? '');
    const distro = Boolean(distribution);
    return [
      makeFinding(this.id, ctx, {
        title: `${this.title}: ${product} ${version}`,
        severity: distro ? 'low' : 'medium',
        vulnerability_type: 'outdated_software',
        cvss: distro ? 3.7 : 5.9,
        description: `The server identifies as ${product} ${version}, older than ${floor.floor}: ${floor.reason}.${
          distro
            ? ' The banner names a distribution build, which may carry backported fixes: confirm the package is current.'
            : ''
        }`,
        solution: `Upgrade ${product} to ${floor.floor} or later (or the current package of your distribution).`,
        evidence: `received: ${banner ?? `${product} ${version}`}`,
        detection: upstreamDetection(
          distro
            ? `Upstream version only on a ${distribution} build: the distribution may have backported the fixes (${product} ${version} is older than ${floor.floor}).`
            : `${product} ${version} is older than ${floor.floor}.`,
          distribution,
        ),
        mitigations: [
          action('upgrade', distro ? 'medium' : 'high', `Upgrade ${product}`, 30, [
            `Install ${product} ${floor.floor} or later, e.g. apt-get install --only-upgrade openssh-server.`,
            `Restart the SSH service and confirm the new banner with nc ${ctx.host} ${ctx.port}.`,
          ]),
        ],
      }),
    ];
  },
};
