import type net from 'node:net';
import { encodeBson } from '../services/probes/bson.ts';
import { type Peer, startTcpPeer } from './peers.ts';

/** Replies line by line: `reply` maps each received line to the answer (undefined = no answer). */
export function startLinePeer(
  host: string,
  greeting: string | Buffer | null,
  reply: (line: string, socket: net.Socket) => string | undefined,
): Promise<Peer> {
  return startTcpPeer(host, (socket) => {
    if (greeting) socket.write(greeting);
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      for (let eol = buffered.indexOf('\n'); eol >= 0; eol = buffered.indexOf('\n')) {
        const line = buffered.slice(0, eol).replace(/\r$/, '');
        buffered = buffered.slice(eol + 1);
        const answer = reply(line, socket);
        if (answer !== undefined && !socket.destroyed) socket.write(answer);
      }
    });
  });
}

/** An FTP server; with anonymous true it accepts USER anonymous / any PASS. */
export function startFtpPeer(host: string, anonymous: boolean): Promise<Peer> {
  return startLinePeer(host, '220 (vsFTPd 3.0.3)\r\n', (line) => {
    if (/^USER /i.test(line)) return '331 Please specify the password.\r\n';
    if (/^PASS /i.test(line))
      return anonymous ? '230 Login successful.\r\n' : '530 Login incorrect.\r\n';
    if (/^QUIT/i.test(line)) return '221 Goodbye.\r\n';
    return '500 Unknown command.\r\n';
  });
}

/** A Redis responder; with a password it answers -NOAUTH until AUTH is sent. */
export function startRedisPeer(host: string, password?: string): Promise<Peer> {
  return startTcpPeer(host, (socket) => {
    socket.on('data', (chunk) => {
      const text = chunk.toString('latin1');
      if (password && !text.includes(password)) {
        socket.write('-NOAUTH Authentication required.\r\n');
        return;
      }
      const info = '# Server\r\nredis_version:6.0.9\r\nredis_mode:standalone\r\n';
      socket.write(`$${info.length}\r\n${info}\r\n`);
    });
  });
}

/** A memcached responder answering "version". */
export function startMemcachedPeer(host: string): Promise<Peer> {
  return startLinePeer(host, null, (line) =>
    line === 'version' ? 'VERSION 1.6.21\r\n' : 'ERROR\r\n',
  );
}

/** A MongoDB responder: buildInfo always works; listDatabases only when auth is off. */
export function startMongoPeer(host: string, requireAuth: boolean): Promise<Peer> {
  return startTcpPeer(host, (socket) => {
    socket.on('data', (chunk) => {
      if (chunk.length < 21 || chunk.readInt32LE(12) !== 2013) return socket.destroy();
      const command = chunk.toString('latin1', 26, 40);
      let reply: Record<string, string | number> = { version: '4.0.3', ok: 1 };
      if (command.startsWith('listDatabases')) {
        reply = requireAuth
          ? {
              ok: 0,
              errmsg: 'command listDatabases requires authentication',
              code: 13,
              codeName: 'Unauthorized',
            }
          : { totalSize: 1, ok: 1 };
      }
      const body = encodeBson(reply);
      const head = Buffer.alloc(21);
      head.writeInt32LE(21 + body.length, 0);
      head.writeInt32LE(2, 4);
      head.writeInt32LE(chunk.readInt32LE(4), 8);
      head.writeInt32LE(2013, 12);
      socket.write(Buffer.concat([head, body]));
    });
  });
}

/** A PostgreSQL responder asking for an md5 password (or trusting, when trust is set). */
export function startPostgresPeer(host: string, trust = false): Promise<Peer> {
  return startTcpPeer(host, (socket) => {
    socket.once('data', () => {
      const msg = Buffer.alloc(trust ? 9 : 13);
      msg.write('R', 0);
      msg.writeUInt32BE(trust ? 8 : 12, 1);
      msg.writeUInt32BE(trust ? 0 : 5, 5);
      socket.write(msg);
    });
  });
}

/** A MySQL server greeting (protocol 10) for the given version string. */
export function mysqlGreeting(version: string): Buffer {
  const body = Buffer.concat([
    Buffer.from([10]),
    Buffer.from(`${version}\0`, 'latin1'),
    Buffer.from([1, 0, 0, 0]),
    Buffer.from('abcdefgh\0', 'latin1'),
    Buffer.from([0xff, 0xf7, 0x21, 0x02, 0x00]),
  ]);
  const head = Buffer.from([body.length & 255, (body.length >> 8) & 255, 0, 0]);
  return Buffer.concat([head, body]);
}

/** A server that writes a greeting and waits. */
export function startBannerPeer(host: string, greeting: string | Buffer): Promise<Peer> {
  return startTcpPeer(host, (socket) => {
    socket.write(greeting);
    socket.on('data', () => {});
  });
}
