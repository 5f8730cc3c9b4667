import fs from 'node:fs';
import path from 'node:path';
import type { TCaptureCapability, TRole } from '@netguard/contracts';
import { type CaptureInterfaceInfo, captureCapability } from '@netguard/packets';
import type { PacketCaptureSettings } from '../../config.ts';
import { can } from '../../lib/permissions.ts';
import { PACKET_TEXT } from './packets.text.ts';

/** tcpdump is asked again after this long: installing it or granting CAP_NET_RAW shows up. */
const PROBE_TTL_MS = 60_000;

export type ServerCapture = {
  available: boolean;
  reason: string | null;
  interfaces: CaptureInterfaceInfo[];
};

/**
 * TCPDUMP_PATH as the packets library takes it: a path as is; a bare name looked up on PATH
 * (plain `tcpdump` is left to the library, which also looks in the sbin folders).
 */
export function tcpdumpLocation(configured: string): string | undefined {
  if (configured.includes(path.sep)) return configured;
  if (configured === 'tcpdump') return undefined;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, configured);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {}
  }
  return configured;
}

/** Whether this server can capture, and on which of its interfaces (cached for a minute). */
export function createCaptureProbe(configured: PacketCaptureSettings) {
  const settings = { ...configured, tcpdumpPath: tcpdumpLocation(configured.tcpdumpPath) };
  let cached: { at: number; value: Promise<ServerCapture> } | null = null;

  async function probe(): Promise<ServerCapture> {
    if (!settings.enabled)
      return { available: false, reason: PACKET_TEXT.captureOff, interfaces: [] };
    const found = await captureCapability({ tcpdumpPath: settings.tcpdumpPath });
    const allowed = settings.interfaces;
    const interfaces = allowed
      ? found.interfaces.filter((i) => allowed.includes(i.name))
      : found.interfaces;
    if (found.available && allowed && interfaces.length === 0) {
      return { available: false, reason: PACKET_TEXT.noAllowedInterface(allowed), interfaces };
    }
    return { available: found.available, reason: found.reason, interfaces };
  }

  function server(): Promise<ServerCapture> {
    if (!cached || Date.now() - cached.at > PROBE_TTL_MS) {
      const value = probe();
      cached = { at: Date.now(), value };
      value.catch(() => {
        if (cached?.value === value) cached = null;
      });
    }
    return cached.value;
  }

  return {
    settings,
    /** The server's side of capturing, whoever asks. */
    server,

    /**
     * What a caller with `role` may do. Only callers who may capture see the interface list: it
     * names the server's addresses.
     */
    async forRole(role: TRole): Promise<TCaptureCapability> {
      if (!settings.enabled)
        return { can_capture: false, reason: PACKET_TEXT.captureOff, interfaces: [] };
      if (!can(role, 'capture'))
        return { can_capture: false, reason: PACKET_TEXT.captureRole, interfaces: [] };
      const capture = await server();
      if (!capture.available) {
        return {
          can_capture: false,
          reason: capture.reason ?? PACKET_TEXT.unavailable,
          interfaces: [],
        };
      }
      return { can_capture: true, reason: null, interfaces: capture.interfaces };
    },
  };
}

export type CaptureProbe = ReturnType<typeof createCaptureProbe>;
