// Which application protocol a TCP or UDP payload is: tshark-style decode-as rules first, then
// what the conversation is known to be, the well-known ports (lower port first, as Wireshark
// tries them) and finally the first bytes (HTTP, TLS hello, SSH banner, FTP greeting).
import { type AppProtocol, type ConversationState, conversationKey } from './context.ts';
import { dissectDhcp } from './dhcp.ts';
import { dissectDns, dissectDnsOverTcp } from './dns.ts';
import { dissectFtp, dissectFtpData, ftpDataEndpoint, looksLikeFtpGreeting } from './ftp.ts';
import { dissectHttp, looksLikeHttp } from './http.ts';
import { dissectSsh, looksLikeSshBanner } from './ssh.ts';
import { addLayer, type Dissection, field } from './state.ts';
import { dissectTls, looksLikeTlsHello, looksLikeTlsRecord } from './tls.ts';

const HTTP_PORTS = new Set([80, 1900, 2710, 2869, 3128, 3132, 5985, 8080, 8088, 11371]);
const TLS_PORTS = new Set([443, 465, 636, 853, 989, 990, 992, 993, 994, 995, 5061, 8443]);
const TCP_PORTS: Record<number, AppProtocol> = { 21: 'ftp', 22: 'ssh', 53: 'dns' };

type Choice = { app: AppProtocol; serverPort: number };

function byPort(b: Uint8Array, at: number, end: number, low: number): AppProtocol | null {
  const known = TCP_PORTS[low];
  if (known) return known;
  if (HTTP_PORTS.has(low)) return 'http';
  if (TLS_PORTS.has(low) && looksLikeTlsRecord(b, at, end)) return 'tls';
  return null;
}

function byPayload(
  b: Uint8Array,
  at: number,
  end: number,
  src: number,
  dst: number,
): Choice | null {
  if (looksLikeHttp(b, at, end)) return { app: 'http', serverPort: b[at] === 0x48 ? src : dst };
  if (looksLikeTlsHello(b, at, end)) return { app: 'tls', serverPort: b[at + 5] === 2 ? src : dst };
  if (looksLikeSshBanner(b, at, end)) return { app: 'ssh', serverPort: Math.min(src, dst) };
  if (looksLikeFtpGreeting(b, at, end)) return { app: 'ftp', serverPort: src };
  return null;
}

// By port, lower first, then by the first bytes.
function chooseTcp(
  d: Dissection,
  src: number,
  dst: number,
  at: number,
  end: number,
): Choice | null {
  const [low, high] = src < dst ? [src, dst] : [dst, src];
  const byLow = byPort(d.data, at, end, low);
  if (byLow) return { app: byLow, serverPort: low };
  const byHigh = byPort(d.data, at, end, high);
  if (byHigh) return { app: byHigh, serverPort: high };
  return byPayload(d.data, at, end, src, dst);
}

/** Dissects a TCP payload in [at, end) between the given ports. */
export function dissectTcpPayload(
  d: Dissection,
  src: number,
  dst: number,
  at: number,
  end: number,
) {
  const context = d.context;
  const key = context ? conversationKey(d.netSource, src, d.netDestination, dst) : '';
  let conversation: ConversationState | undefined = context?.conversations.get(key);
  let choice: Choice | null = null;
  if (context) {
    const rules = context.decodeAs.tcp;
    const decoded = rules.get(dst) ?? rules.get(src);
    const endpoint = decoded ? undefined : ftpDataEndpoint(context, d, src, dst);
    if (decoded) choice = { app: decoded, serverPort: rules.has(dst) ? dst : src };
    else if (endpoint) return dissectFtpData(d, at, end, endpoint);
    else if (conversation?.app)
      choice = { app: conversation.app, serverPort: conversation.serverPort ?? dst };
  }
  choice ??= chooseTcp(d, src, dst, at, end);
  if (!choice) return dataLayer(d, at, end);
  if (context && !conversation)
    conversation = context.conversations.set(key, {
      app: choice.app,
      serverPort: choice.serverPort,
    });
  const fromServer = src === choice.serverPort;
  const sender = `${d.netSource}|${src}`;
  switch (choice.app) {
    case 'http':
      return dissectHttp(d, at, end);
    case 'tls':
      return dissectTls(d, at, end, conversation, sender);
    case 'ssh':
      return dissectSsh(d, at, end, fromServer, conversation, sender);
    case 'ftp':
      return dissectFtp(d, at, end, fromServer, conversation);
    case 'dns':
      return dissectDnsOverTcp(d, at, end);
    default:
      return dataLayer(d, at, end);
  }
}

/** Dissects a UDP payload in [at, end) between the given ports. */
export function dissectUdpPayload(
  d: Dissection,
  src: number,
  dst: number,
  at: number,
  end: number,
) {
  const rules = d.context?.decodeAs.udp;
  const decoded = rules?.get(dst) ?? rules?.get(src);
  if (decoded === 'dns' || src === 53 || dst === 53) return dissectDns(d, at, end, false);
  if (decoded === 'dhcp' || src === 67 || dst === 67 || src === 68 || dst === 68)
    return dissectDhcp(d, at, end);
  if (src === 5353 || dst === 5353) return dissectDns(d, at, end, false, 'MDNS');
  if (src === 5355 || dst === 5355) return dissectDns(d, at, end, false, 'LLMNR');
  dataLayer(d, at, end);
}

function dataLayer(d: Dissection, at: number, end: number) {
  addLayer(d, 'data', `Data (${end - at} bytes)`).push(field('data.len', 'Length', end - at));
}
