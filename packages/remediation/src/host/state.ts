// What an apply captures before changing anything, and putting it back: used by a rollback and
// by an apply that failed half way (every captured item is compared with the host first, so
// whatever was not changed yet is left alone).
import type { CapturedState } from '../execution.ts';
import type { Operation } from '../types.ts';
import type { HostConnection, RemoteFile } from './connection.ts';
import { listTable, NFT_TABLE, restoreScript } from './nft.ts';
import { installedVersion, reinstall } from './packages.ts';
import { checkAndReload, type Reload, type ServiceManager } from './services.ts';
import { arg, type Steps } from './steps.ts';

export type HostCapture = {
  actionId: string;
  executionId: string;
  serviceManager: ServiceManager;
  /** Every file the action edits, as it was (exists false: it did not exist). */
  files: (RemoteFile & { path: string })[];
  /** The netguard nft table as listed before (null: absent); undefined when the action has no rule. */
  nftTable?: string | null;
  /** Paths moved aside: where to, and whether they existed at all. */
  moved: { path: string; to: string; existed: boolean }[];
  packages: { name: string; manager: 'apt' | 'dnf'; version: string | null }[];
  services: Reload[];
};

export const toCaptured = (data: HostCapture): CapturedState => ({ kind: 'host', data });

export function fromCaptured(captured: CapturedState): HostCapture {
  const data = captured.data as Partial<HostCapture>;
  if (captured.kind !== 'host' || !Array.isArray(data.files) || !data.actionId)
    throw new Error('not a host capture');
  return data as HostCapture;
}

/** Puts the captured state back; returns the steps that failed (empty when all went well). */
export async function restore(conn: HostConnection, s: Steps, c: HostCapture): Promise<string[]> {
  const failed: string[] = [];
  const attempt = async (what: string, fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch (error) {
      s.note(`restore ${what}`, false, (error as Error).message);
      failed.push(what);
    }
  };
  for (const file of c.files)
    await attempt(file.path, async () => {
      const now = await conn.readFile(file.path);
      if (!file.exists) {
        if (now.exists) await s.must(`rm -f -- ${arg(file.path)}`);
        else s.note(`${file.path}: still absent, as captured`, true);
      } else if (
        now.exists &&
        now.content === file.content &&
        now.base64 === file.base64 &&
        now.mode === file.mode &&
        now.owner === file.owner
      ) {
        s.note(`${file.path}: unchanged, as captured`, true);
      } else {
        const bytes = file.base64 ? Buffer.from(file.base64, 'base64') : Buffer.from(file.content);
        await conn.writeFile(file.path, bytes, { mode: file.mode, owner: file.owner });
        s.note(
          `restored ${file.path} (${bytes.length} bytes, mode ${file.mode}, owner ${file.owner})`,
          true,
        );
      }
    });
  if (c.nftTable !== undefined)
    await attempt(`nft table ${NFT_TABLE}`, async () => {
      const now = await listTable(s);
      if (now === c.nftTable) return s.note(`table ${NFT_TABLE}: as captured`, true);
      await s.must('nft -f -', { stdin: restoreScript(c.nftTable ?? null) });
      s.note(
        c.nftTable === null
          ? `deleted table ${NFT_TABLE} (absent before)`
          : `restored table ${NFT_TABLE}`,
        true,
      );
    });
  for (const m of c.moved.filter((m) => m.existed))
    await attempt(m.path, () =>
      s.must(
        `if [ -e ${arg(m.to)} ] && [ ! -e ${arg(m.path)} ]; then mv -- ${arg(m.to)} ${arg(m.path)}; elif [ -e ${arg(m.path)} ]; then echo 'in place already'; else echo 'moved copy missing' >&2; exit 1; fi`,
      ),
    );
  for (const p of c.packages)
    await attempt(`package ${p.name}`, async () => {
      const op = { kind: 'upgrade-package', name: p.name, manager: p.manager } as const;
      const now = await installedVersion(s, op);
      if (now === p.version)
        return s.note(`${p.name} ${now ?? '(not installed)'}: as captured`, true);
      if (p.version === null)
        return s.note(`${p.name} was not installed before: left as it is now (${now})`, false);
      if (!(await reinstall(s, op, p.version))) failed.push(`package ${p.name}`);
    });
  for (const op of c.services)
    await attempt(`service ${op.service}`, () => checkAndReload(s, op, c.serviceManager));
  return failed;
}

export const reloads = (ops: Operation[]) =>
  ops.filter((o): o is Reload => o.kind === 'reload-service');
