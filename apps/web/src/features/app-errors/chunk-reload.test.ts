import { describe, expect, it } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  isChunkLoadError,
  reloadOnceForChunk,
} from './chunk-reload.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const CHROMIUM = new TypeError(
  'Failed to fetch dynamically imported module: http://localhost/assets/auth-page-Cw.js',
);

describe('reloading after a failed chunk', () => {
  it('knows the chunk failures of Chromium, Firefox, Safari and Vite preloads', () => {
    expect(isChunkLoadError(CHROMIUM)).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: x'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/index.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it('reloads once, then leaves a second failure within the window to the error page', () => {
    const storage = memoryStorage();
    let reloads = 0;
    const reload = () => reloads++;
    expect(reloadOnceForChunk(CHROMIUM, storage, reload, 1_000_000)).toBe(true);
    expect(storage.items.get(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(reloadOnceForChunk(CHROMIUM, storage, reload, 1_000_000 + 500)).toBe(false);
    expect(reloads).toBe(1);
    // Later failures are new trouble: one more reload each.
    const later = 1_000_000 + CHUNK_RELOAD_WINDOW_MS;
    expect(reloadOnceForChunk(CHROMIUM, storage, reload, later)).toBe(true);
    expect(reloads).toBe(2);
  });

  it('never reloads for other errors, nor when the storage refuses', () => {
    let reloads = 0;
    const reload = () => reloads++;
    expect(reloadOnceForChunk(new Error('boom'), memoryStorage(), reload)).toBe(false);
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(reloadOnceForChunk(CHROMIUM, refusing, reload)).toBe(false);
    expect(reloads).toBe(0);
  });

  it('reloads when the stored time is garbage or in the future (a changed clock)', () => {
    const storage = memoryStorage();
    let reloads = 0;
    storage.items.set(CHUNK_RELOAD_KEY, 'x');
    expect(reloadOnceForChunk(CHROMIUM, storage, () => reloads++, 5_000)).toBe(true);
    storage.items.set(CHUNK_RELOAD_KEY, '99999999999999');
    expect(reloadOnceForChunk(CHROMIUM, storage, () => reloads++, 5_000)).toBe(true);
    expect(reloads).toBe(2);
  });
});
