/** The oldest release of an SSH server still considered supported, and why. */
export type VersionFloor = { product: string; floor: string; reason: string };

/** Edit this table to move the floors; product names compare case-insensitively. */
export const SSH_VERSION_FLOORS: readonly VersionFloor[] = [
  {
    product: 'OpenSSH',
    floor: '9.6p1',
    reason:
      'releases before 9.6p1 miss the upstream security fixes of 9.3p2 to 9.6p1 and several later memory-safety fixes',
  },
  {
    product: 'dropbear',
    floor: '2022.82',
    reason:
      'releases before 2022.82 allow the trivial-authentication bypass of CVE-2021-36369 and miss later hardening',
  },
];

/** Compares dotted versions with letter suffixes numerically: "8.9p1" < "9.6p1" < "10.0p1". */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => (v.match(/\d+/g) ?? []).map(Number);
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** The floor a product/version falls below, if any. */
export function floorBelow(product?: string, version?: string): VersionFloor | undefined {
  if (!product || !version) return undefined;
  const floor = SSH_VERSION_FLOORS.find((f) => f.product.toLowerCase() === product.toLowerCase());
  return floor && compareVersions(version, floor.floor) < 0 ? floor : undefined;
}
