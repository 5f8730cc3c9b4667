import fs from 'node:fs';
import path from 'node:path';
import { can, type TCaptureCapability, type TRole } from '@netguard/contracts';
import { type CaptureInterfaceInfo, captureCapability } from '@netguard/packets';
import type { PacketCaptureSettings } from '../../config.ts';
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

/** Who may capture: deployment operators (a server-level power), and only as admins. */
type Deps = { isOperator: (userId: string) => Promise<boolean> };

/** Whether this server can capture, on which of its interfaces (cached for a minute), and for whom. */
export function createCaptureProbe(configured: PacketCaptureSettings, { isOperator }: Deps) {
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

  /**
   * Why `caller` may not capture on this server whatever the interface, or null when they may.
   * Capture sees every organization's traffic (sign-in bodies, tokens), so an organization's admin
   * is not enough: the caller must be a deployment operator.
   */
  async function refusal(caller: Caller): Promise<string | null> {
    if (!settings.enabled) return PACKET_TEXT.captureOff;
    if (!(await isOperator(caller.userId))) return PACKET_TEXT.captureOperator;
    if (!can(caller.role, 'capture', 'execute')) return PACKET_TEXT.captureRole;
    return null;
  }

  return {
    settings,
    /** The server's side of capturing, whoever asks. */
    server,
    refusal,

    /**
     * What `caller` may do. Only callers who may capture see the interface list: it names the
     * server's addresses.
     */
    async forCaller(caller: Caller): Promise<TCaptureCapability> {
      const refused = await refusal(caller);
      if (refused) return { can_capture: false, reason: refused, interfaces: [] };
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

type Caller = { userId: string; role: TRole };

export type CaptureProbe = ReturnType<typeof createCaptureProbe>;
