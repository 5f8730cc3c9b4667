// The rule the bind guard (bind-guard.ts) holds every test file to, and what the machine shows of
// the sockets a file's processes listen on.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { promisify } from 'node:util';
import type { TestResources } from './resources.ts';

const run = promisify(execFile);

export type Bind = { proto: 'tcp' | 'udp'; address: string; port: number };

const LOCALHOST = new Set(['127.0.0.1', '::1']);
const WILDCARD = new Set(['0.0.0.0', '::', '*']);

/** What `read` gives, or `fallback` when the /proc entry is gone (its process or fd ended). */
function fromProc<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

const [EPHEMERAL_LOW = 32768, EPHEMERAL_HIGH = 60999] = fromProc(
  () =>
    readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number),
  [],
);
const ephemeral = (port: number) => port >= EPHEMERAL_LOW && port <= EPHEMERAL_HIGH;

/**
 * Why a bind breaks the file's isolation, or undefined when it keeps it. Allowed: any port on the
 * file's block; 127.0.0.1 and ::1 on a port the kernel chose (listen on port 0), which no other
 * file can hold and no test scans a range of; UDP on the wildcard address on a kernel-chosen port
 * (a client socket's implicit bind).
 */
export function bindViolation(resources: TestResources, bind: Bind): string | undefined {
  const address = bind.address.replace(/^::ffff:/, '').replace(/^\[|\]$/g, '');
  if (resources.contains(address)) return undefined;
  if (LOCALHOST.has(address) && ephemeral(bind.port)) return undefined;
  if (WILDCARD.has(address) && bind.proto === 'udp' && ephemeral(bind.port)) return undefined;
  const where = WILDCARD.has(address) ? 'every address' : address;
  return `${bind.proto} ${address}:${bind.port} (${where}) is outside ${resources.file}'s block ${resources.block}: bind to testResources().host(n), or to 127.0.0.1 on port 0`;
}

/** The process and its descendants (threads' children included). */
function processTree(root: number): number[] {
  const seen: number[] = [];
  const queue = [root];
  while (queue.length && seen.length < 10_000) {
    const pid = queue.shift() as number;
    seen.push(pid);
    for (const tid of fromProc(() => readdirSync(`/proc/${pid}/task`), [])) {
      const children = fromProc(
        () => readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8'),
        '',
      );
      queue.push(...children.split(/\s+/).filter(Boolean).map(Number));
    }
  }
  return seen;
}

function socketInodes(pids: number[]): Set<string> {
  const inodes = new Set<string>();
  for (const pid of pids) {
    for (const fd of fromProc(() => readdirSync(`/proc/${pid}/fd`), [])) {
      const link = fromProc(() => readlinkSync(`/proc/${pid}/fd/${fd}`), '');
      if (link.startsWith('socket:[')) inodes.add(link.slice(8, -1));
    }
  }
  return inodes;
}

/** Parses "127.1.2.3:80", "[::1]:80", "*:68" or "0.0.0.0%lo:53" as ss prints them. */
export function parseLocal(local: string): { address: string; port: number } | undefined {
  const at = local.lastIndexOf(':');
  if (at < 0) return undefined;
  const port = Number(local.slice(at + 1));
  const address = local
    .slice(0, at)
    .replace(/%.*$/, '')
    .replace(/^\[|\]$/g, '');
  return Number.isInteger(port) ? { address, port } : undefined;
}

/** TCP listeners and bound UDP sockets of this process and its children, in this namespace. */
export async function listeningBinds(root = process.pid): Promise<Bind[]> {
  const inodes = socketInodes(processTree(root));
  if (!inodes.size) return [];
  const { stdout } = await run('ss', ['-H', '-l', '-n', '-t', '-u', '-e'], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const binds: Bind[] = [];
  for (const line of stdout.split('\n')) {
    const inode = /\bino:(\d+)/.exec(line)?.[1];
    if (!inode || !inodes.has(inode)) continue;
    const [netid, , , , local] = line.trim().split(/\s+/);
    const parsed = local ? parseLocal(local) : undefined;
    if (parsed && (netid === 'tcp' || netid === 'udp')) binds.push({ proto: netid, ...parsed });
  }
  return binds;
}
