import fs from 'node:fs/promises';
import path from 'node:path';

/** Partial uploads older than this were cut off by a crash: their request is long gone. */
const STALE_PART_MS = 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Where capture files live: `<data dir>/captures/<organization id>/<capture id>.cap`, written
 * as `.cap.part` while an upload streams in. Ids are uuids from the server, never user text.
 */
export function createCaptureStore(dataDir: string) {
  const root = path.join(dataDir, 'captures');
  const folder = (organizationId: string) => path.join(root, organizationId);

  return {
    pathOf: (organizationId: string, id: string) => path.join(folder(organizationId), `${id}.cap`),
    partPathOf: (organizationId: string, id: string) =>
      path.join(folder(organizationId), `${id}.cap.part`),

    /** Creates the organization's folder (owner-only: captures hold other people's traffic). */
    async prepare(organizationId: string): Promise<void> {
      await fs.mkdir(folder(organizationId), { recursive: true, mode: 0o700 });
    },

    /** Removes a file; a file already gone is fine. */
    async remove(file: string): Promise<void> {
      await fs.rm(file, { force: true });
    },

    /**
     * Deletes files no row points to any more (their organization or user was deleted, or an
     * upload was cut off by a crash). `known` gives the capture ids an organization still has.
     */
    async sweep(known: (organizationId: string) => Promise<Set<string>>): Promise<number> {
      const orgs = await fs.readdir(root).catch(() => [] as string[]);
      let removed = 0;
      for (const org of orgs.filter((name) => UUID.test(name))) {
        const dir = folder(org);
        const ids = await known(org).catch(() => null);
        if (!ids) continue;
        for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
          const file = path.join(dir, name);
          const id = name.replace(/\.cap(\.part)?$/, '');
          const stale = name.endsWith('.part')
            ? Date.now() - (await fs.stat(file)).mtimeMs > STALE_PART_MS
            : !ids.has(id);
          if (stale) {
            await fs.rm(file, { force: true });
            removed += 1;
          }
        }
        if (ids.size === 0) await fs.rmdir(dir).catch(() => undefined);
      }
      return removed;
    },
  };
}

export type CaptureStore = ReturnType<typeof createCaptureStore>;
