import type { ServiceInfo } from '../types.ts';
import { cpeFor } from './cpe.ts';
import { printable } from './exchange.ts';

function named(name: string, banner: string, product?: string, version?: string): ServiceInfo {
  return { name, product, version, cpe: cpeFor(product, version), banner };
}

/** Splits "OpenSSH_8.9p1" or "nginx/1.25.3" into product and version. */
export function splitProduct(text: string): { product?: string; version?: string } {
  const match = /^([A-Za-z][\w.-]*?)[_/ -]v?(\d[\w.~+-]*)/.exec(text.trim());
  if (match) return { product: match[1], version: match[2] };
  const word = /^[A-Za-z][\w-]*/.exec(text.trim());
  return { product: word?.[0] };
}

const SMTP_HINT = /\b(E?SMTP|Postfix|Exim|Sendmail|mail)\b/i;
const FTP_HINT = /\bFTP\b|vsFTPd|ProFTPD|FileZilla/i;

/** Names the service behind a server-first banner (SSH, FTP, SMTP, POP3, IMAP, MySQL, Telnet). */
export function classifyBanner(data: Buffer, port: number): ServiceInfo | null {
  if (data.length === 0) return null;
  const text = data.toString('latin1');
  const line = text.split(/\r?\n/)[0]!.trim();
  const banner = printable(data);
  const ssh = /^SSH-([\d.]+)-(\S+)/.exec(line);
  if (ssh) {
    const { product, version } = splitProduct(ssh[2]!);
    return { ...named('ssh', banner, product, version), extra: { protocol: ssh[1]! } };
  }
  if (data[0] === 0xff && data.length >= 3 && data[1]! >= 0xfb) return named('telnet', banner);
  if (line.startsWith('+OK')) return withProduct('pop3', banner, line.slice(3), /Dovecot/i);
  if (line.startsWith('* OK')) return withProduct('imap', banner, line.slice(4), /Dovecot/i);
  if (/^220[ -]/.test(line)) {
    const isFtp = FTP_HINT.test(line) || (!SMTP_HINT.test(line) && ![25, 465, 587].includes(port));
    if (isFtp) return ftpService(banner, line);
    const smtp = /\b(Postfix|Exim|Sendmail)\b[ /]?([\d.]+)?/i.exec(line);
    return named('smtp', banner, smtp?.[1], smtp?.[2]);
  }
  const mysql = parseMysqlGreeting(data);
  if (mysql) return { ...mysql, banner };
  return null;
}

function withProduct(name: string, banner: string, rest: string, product: RegExp): ServiceInfo {
  const match = product.exec(rest);
  return named(name, banner, match?.[0]);
}

function ftpService(banner: string, line: string): ServiceInfo {
  const match = /\(?(vsFTPd|ProFTPD|Pure-FTPd|FileZilla Server)[ ]?v?([\d.]+[a-z]?)?/i.exec(line);
  return named('ftp', banner, match?.[1], match?.[2]);
}

/** Reads a MySQL/MariaDB initial handshake packet (protocol 10) for the server version. */
export function parseMysqlGreeting(data: Buffer): ServiceInfo | null {
  if (data.length < 6 || data[3] !== 0 || data[4] !== 10) return null;
  const length = data.readUIntLE(0, 3);
  if (length + 4 > data.length + 64 || length < 10) return null;
  const end = data.indexOf(0, 5);
  if (end < 0) return null;
  const raw = data.subarray(5, end).toString('latin1');
  const maria = /^(?:5\.5\.5-)?([\d.]+)-MariaDB/.exec(raw);
  const product = maria ? 'MariaDB' : 'MySQL';
  const version = maria ? maria[1] : /^[\d.]+/.exec(raw)?.[0];
  return { name: 'mysql', product, version, cpe: cpeFor(product, version), extra: { raw } };
}
