// nftables for firewall-close-port: NetGuard's rules live in their own table (inet netguard), so
// capturing and restoring that table leaves every other rule of the host alone.
import type { Operation } from '../types.ts';
import type { Steps } from './steps.ts';

type NftDrop = Extract<Operation, { kind: 'nft-drop' }>;

export const NFT_TABLE = 'inet netguard';

export const dropRule = (op: NftDrop) => `${op.protocol} dport ${op.port} ct state new drop`;

/** The table as `nft list table` prints it, or null when it does not exist. */
export async function listTable(s: Steps): Promise<string | null> {
  const r = await s.run(`nft list table ${NFT_TABLE}`);
  if (r.code === 0) return r.stdout;
  if (!/No such file or directory/.test(r.stderr))
    s.fail('command_failed', `nft list table ${NFT_TABLE} failed: ${r.stderr.trim()}`);
  s.note(`table ${NFT_TABLE} does not exist (yet)`, true);
  return null;
}

export const hasRule = (listing: string | null, op: NftDrop) =>
  listing?.split('\n').some((l) => l.trim() === dropRule(op)) ?? false;

/** Input for `nft -f -` adding the table, its input chain and the rule (one transaction). */
export const addScript = (op: NftDrop) =>
  [
    `add table ${NFT_TABLE}`,
    `add chain ${NFT_TABLE} input { type filter hook input priority 0; policy accept; }`,
    `add rule ${NFT_TABLE} input ${dropRule(op)}`,
    '',
  ].join('\n');

/** Input for `nft -f -` putting the table back as listed (or removing it when it was absent). */
export const restoreScript = (listing: string | null) =>
  [
    `add table ${NFT_TABLE}`,
    `delete table ${NFT_TABLE}`,
    ...(listing ? [listing.trimEnd()] : []),
    '',
  ].join('\n');

/** What `nft list table` will print after the rule is added (nft 1.0's layout). */
export function expectedListing(before: string | null, op: NftDrop): string {
  if (before === null)
    return [
      `table ${NFT_TABLE} {`,
      '\tchain input {',
      '\t\ttype filter hook input priority filter; policy accept;',
      `\t\t${dropRule(op)}`,
      '\t}',
      '}',
      '',
    ].join('\n');
  if (hasRule(before, op)) return before;
  const lines = before.replace(/\n$/, '').split('\n');
  const chain = lines.findIndex((l) => l.trim() === 'chain input {');
  const end = chain < 0 ? -1 : lines.findIndex((l, i) => i > chain && l.trim() === '}');
  if (end < 0) return `${before}# + chain input with ${dropRule(op)}\n`;
  lines.splice(end, 0, `\t\t${dropRule(op)}`);
  return `${lines.join('\n')}\n`;
}
