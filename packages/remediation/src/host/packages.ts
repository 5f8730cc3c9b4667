// Packages for upgrade-package: the installed version (captured), what an upgrade would install
// (dry run), and putting the captured version back when the repositories still carry it.

import type { Operation } from '../types.ts';
import { arg, type Steps } from './steps.ts';

type Upgrade = Extract<Operation, { kind: 'upgrade-package' }>;

export async function installedVersion(s: Steps, op: Upgrade): Promise<string | null> {
  const name = arg(op.name);
  const r = await s.run(
    op.manager === 'apt'
      ? `dpkg-query -W -f='\${Version}' ${name}`
      : `rpm -q --qf '%{EPOCH}:%{VERSION}-%{RELEASE}' ${name}`,
  );
  return r.code === 0 && r.stdout.trim() ? r.stdout.trim().replace(/^\(none\):/, '') : null;
}

/** The version an upgrade would install, or null when there is none (simulated, nothing changes). */
export async function candidateVersion(s: Steps, op: Upgrade): Promise<string | null> {
  const name = arg(op.name);
  if (op.manager === 'apt') {
    const r = await s.run(`apt-get -s install --only-upgrade ${name}`);
    if (r.code !== 0) s.fail('command_failed', `apt-get -s failed: ${r.stderr.trim()}`);
    const escaped = op.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return (
      new RegExp(`^Inst ${escaped}(?::\\S+)? (?:\\[[^\\]]*\\] )?\\((\\S+)`, 'm').exec(
        r.stdout,
      )?.[1] ?? null
    );
  }
  const r = await s.run(`dnf -q check-update ${name}`);
  // check-update exits 100 when an update is available, 0 when none.
  if (r.code === 0) return null;
  if (r.code !== 100) s.fail('command_failed', `dnf check-update failed: ${r.stderr.trim()}`);
  return (
    r.stdout
      .split('\n')
      .find((l) => l.startsWith(`${op.name}.`))
      ?.split(/\s+/)[1] ?? null
  );
}

export const upgradeCommand = (op: Upgrade) =>
  op.manager === 'apt'
    ? `DEBIAN_FRONTEND=noninteractive apt-get install -y --only-upgrade ${arg(op.name)}`
    : `dnf upgrade -y ${arg(op.name)}`;

/** Installs `version` again when the manager still offers it; says so in the log when not. */
export async function reinstall(s: Steps, op: Upgrade, version: string): Promise<boolean> {
  const spec = op.manager === 'apt' ? `${op.name}=${version}` : `${op.name}-${version}`;
  if (op.manager === 'apt') {
    const offered = await s.run(`apt-cache madison ${arg(op.name)}`);
    if (!offered.stdout.split('\n').some((l) => l.split('|')[1]?.trim() === version)) {
      s.note(
        `cannot reinstall ${spec}: the repositories no longer carry it (apt-cache madison); install it by hand from a saved .deb`,
        false,
      );
      return false;
    }
    const r = await s.run(
      `DEBIAN_FRONTEND=noninteractive apt-get install -y --allow-downgrades ${arg(spec)}`,
    );
    return r.code === 0;
  }
  const r = await s.run(`dnf downgrade -y ${arg(spec)}`);
  if (r.code !== 0)
    s.note(`cannot reinstall ${spec} with dnf (see above): install it by hand`, false);
  return r.code === 0;
}
