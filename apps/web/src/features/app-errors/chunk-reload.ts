// A page's code is fetched when the page is first opened. That fetch can fail for reasons that a
// reload fixes: the network changed under the browser (Chromium aborts what is in flight with
// ERR_NETWORK_CHANGED), a proxy blipped, or a new release replaced the file names. The browser
// remembers a failed module, so only a reload fetches it again: one reload, then an error page.

/** Session-storage key holding when the app last reloaded itself after a failed chunk. */
export const CHUNK_RELOAD_KEY = 'netguard.chunkReloadAt';
/** A second failure within this many milliseconds of a reload is shown, not reloaded again. */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;

const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i;

/** Whether `error` says a script or style chunk of the app could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_FAILURE.test(message);
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

/**
 * Reloads the page for a failed chunk unless it did so within the last CHUNK_RELOAD_WINDOW_MS;
 * returns whether it reloads. Storage that throws (disabled, full) means no reload: no loop.
 */
export function reloadOnceForChunk(
  error: unknown,
  storage: Storage,
  reload: () => void,
  now = Date.now(),
): boolean {
  if (!isChunkLoadError(error)) return false;
  try {
    const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
    if (Number.isFinite(last) && now - last >= 0 && now - last < CHUNK_RELOAD_WINDOW_MS) {
      return false;
    }
    storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}
