// Debian's rsyslogd as a real syslog receiver: a child of the test, listening only on one
// loopback address (one of the test file's block) (TCP, UDP, and TCP with the gtls driver for TLS), storing each message's
// raw text, one per line, in a file of its temporary folder. close() kills it and removes the folder.
import { type ChildProcess, spawn } from 'node:child_process';
import dgram from 'node:dgram';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { makeTestPki, type TestPki } from './certs.ts';

export const RSYSLOGD = '/usr/sbin/rsyslogd';
export const GTLS_DRIVER = '/usr/lib/x86_64-linux-gnu/rsyslog/lmnsd_gtls.so';
const START_TIMEOUT_MS = 15_000;

export type Rsyslog = {
  host: string;
  tcpPort: number;
  udpPort: number;
  tlsPort: number;
  pki: TestPki;
  /** The file rsyslog stores the messages in, one per line. */
  logFile: string;
  /** The stored messages (raw text, without framing), in arrival order. */
  lines(): string[];
  /** Waits until at least `count` messages are stored; throws after `timeoutMs`. */
  waitForLines(count: number, timeoutMs?: number): Promise<string[]>;
  close(): Promise<void>;
};

async function freePort(host: string, type: 'tcp' | 'udp'): Promise<number> {
  if (type === 'udp') {
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, host, resolve);
    });
    const { port } = socket.address();
    await new Promise<void>((resolve) => socket.close(() => resolve()));
    return port;
  }
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const connects = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    const end = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => end(true));
    socket.once('error', () => end(false));
    socket.setTimeout(500, () => end(false));
  });

function config(
  dir: string,
  host: string,
  ports: Record<'tcp' | 'udp' | 'tls', number>,
  pki: TestPki,
) {
  // Control characters are kept as sent (rsyslog would turn a tab into "#011"); 64 KiB messages.
  return `global(
  workDirectory="${join(dir, 'work')}"
  maxMessageSize="64k"
  parser.escapeControlCharactersOnReceive="off"
  defaultNetstreamDriverCAFile="${pki.caFile}"
  defaultNetstreamDriverCertFile="${pki.certFile}"
  defaultNetstreamDriverKeyFile="${pki.keyFile}"
)
module(load="imtcp")
module(load="imudp")
template(name="raw" type="string" string="%rawmsg%\\n")
ruleset(name="store") {
  action(type="omfile" file="${join(dir, 'messages.log')}" template="raw" flushOnTXEnd="on")
}
input(type="imtcp" address="${host}" port="${ports.tcp}" ruleset="store")
input(type="imudp" address="${host}" port="${ports.udp}" ruleset="store")
input(type="imtcp" address="${host}" port="${ports.tls}" ruleset="store"
  streamDriver.name="gtls" streamDriver.mode="1" streamDriver.authMode="anon")
`;
}

/** Starts rsyslogd on `host` (a loopback address of the test file's block) and waits until its TCP and TLS ports accept. */
export async function startRsyslog(host: string): Promise<Rsyslog> {
  if (!host.startsWith('127.'))
    throw new Error(`rsyslog test receiver must listen on 127.0.0.0/8, not ${host}`);
  for (const [file, pkg] of [
    [RSYSLOGD, 'rsyslog'],
    [GTLS_DRIVER, 'rsyslog-gnutls'],
  ] as const)
    if (!existsSync(file))
      throw new Error(
        `${file} not found: install the Debian package ${pkg} (apt-get install -y ${pkg})`,
      );
  const dir = mkdtempSync(join(tmpdir(), 'netguard-rsyslog-'));
  mkdirSync(join(dir, 'work'));
  const pki = makeTestPki(dir, host);
  const ports = {
    tcp: await freePort(host, 'tcp'),
    udp: await freePort(host, 'udp'),
    tls: await freePort(host, 'tcp'),
  };
  const confFile = join(dir, 'rsyslog.conf');
  writeFileSync(confFile, config(dir, host, ports, pki));
  const log = join(dir, 'messages.log');
  const child: ChildProcess = spawn(
    RSYSLOGD,
    ['-n', '-f', confFile, '-i', join(dir, 'rsyslogd.pid')],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d));
  child.stderr?.on('data', (d: Buffer) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000).then(() => child.kill('SIGKILL'))]);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!((await connects(host, ports.tcp)) && (await connects(host, ports.tls)))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error(`rsyslogd did not start on ${host}:\n${output}`);
    }
    await sleep(100);
  }
  const lines = () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(0, -1) : []);
  return {
    host,
    tcpPort: ports.tcp,
    udpPort: ports.udp,
    tlsPort: ports.tls,
    pki,
    logFile: log,
    lines,
    async waitForLines(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const stored = lines();
        if (stored.length >= count) return stored;
        if (Date.now() > until)
          throw new Error(
            `rsyslogd stored ${stored.length} of ${count} messages in ${timeoutMs} ms:\n${output}`,
          );
        await sleep(50);
      }
    },
    close,
  };
}
