// FTP control connections (requests and responses) and, with a context, the data connections
// they announce with PASV, EPSV, PORT or EPRT, shown as FTP-DATA like Wireshark.
import type { TPacketField } from '@netguard/contracts';
import { latin1, lineEnd } from './bytes.ts';
import type { ConversationState, DissectContext, FtpDataEndpoint } from './context.ts';
import { addLayer, type Dissection, field, setColumns } from './state.ts';

const isDigit = (c: number | undefined) => c !== undefined && c >= 48 && c <= 57;
const isUpper = (c: number | undefined) =>
  c !== undefined && ((c >= 65 && c <= 90) || (c >= 97 && c <= 122));

/** Whether the payload is an FTP reply line: three digits then a space or dash. */
export function looksLikeFtpResponse(b: Uint8Array, at: number, end: number): boolean {
  return (
    end - at >= 5 &&
    isDigit(b[at]) &&
    isDigit(b[at + 1]) &&
    isDigit(b[at + 2]) &&
    (b[at + 3] === 32 || b[at + 3] === 45)
  );
}

/** Whether the payload is an FTP server greeting that names FTP ("220 (vsFTPd 3.0.3)"). */
export function looksLikeFtpGreeting(b: Uint8Array, at: number, end: number): boolean {
  if (!looksLikeFtpResponse(b, at, end) || b[at] !== 50 || b[at + 1] !== 50 || b[at + 2] !== 48)
    return false;
  const stop = lineEnd(b, at, Math.min(end, at + 200));
  return /ftp/i.test(latin1(b, at, stop < 0 ? Math.min(end, at + 200) : stop));
}

/** Dissects an FTP control payload in [at, end); `fromServer` when sent by the server side. */
export function dissectFtp(
  d: Dissection,
  at: number,
  end: number,
  fromServer: boolean,
  conversation: ConversationState | undefined,
) {
  const { data } = d;
  const stop = lineEnd(data, at, end);
  const line = latin1(data, at, stop < 0 ? end : stop);
  const fields = addLayer(d, 'ftp', 'File Transfer Protocol (FTP)');
  const response = fromServer && looksLikeFtpResponse(data, at, end);
  if (response) {
    const code = Number(line.slice(0, 3));
    fields.push(
      field('ftp.response', 'Response', true),
      field('ftp.response.code', 'Response code', code),
      field('ftp.response.arg', 'Response arg', line.slice(4)),
    );
    setColumns(d, 'FTP', `Response: ${line}`);
    announceData(d, conversation, code, line, fields);
    return;
  }
  let split = 0;
  while (split < line.length && isUpper(line.charCodeAt(split))) split++;
  const command = line.slice(0, split).toUpperCase();
  const argument = line.slice(split + 1);
  fields.push(
    field('ftp.request', 'Request', true),
    field('ftp.request.command', 'Request command', command),
  );
  if (argument) fields.push(field('ftp.request.arg', 'Request arg', argument));
  setColumns(d, 'FTP', `Request: ${line}`);
  // The first request after a data endpoint is announced is what Wireshark shows with its data.
  if (conversation?.ftpPendingData) {
    conversation.ftpPendingData.command = line;
    conversation.ftpPendingData = undefined;
  }
  if (command === 'PORT' || command === 'EPRT') announceData(d, conversation, 0, line, fields);
}

// Data endpoints: "227 Entering Passive Mode (127,0,0,1,195,80)", "229 ... (|||50000|)",
// "PORT 127,0,0,1,195,80", "EPRT |1|127.0.0.1|50000|".
function announceData(
  d: Dissection,
  conversation: ConversationState | undefined,
  code: number,
  line: string,
  fields: TPacketField[],
) {
  const context = d.context;
  let endpoint: [string, number, FtpDataEndpoint['mode']] | null = null;
  const sixTuple = /(\d+),(\d+),(\d+),(\d+),(\d+),(\d+)/.exec(line);
  if ((code === 227 || line.startsWith('PORT')) && sixTuple) {
    const n = sixTuple.slice(1).map(Number);
    endpoint = [
      `${n[0]}.${n[1]}.${n[2]}.${n[3]}`,
      n[4]! * 256 + n[5]!,
      code === 227 ? 'PASV' : 'PORT',
    ];
  } else if (code === 229) {
    const port = /\|\|\|(\d+)\|/.exec(line);
    if (port) endpoint = [d.netSource, Number(port[1]), 'EPASV'];
  } else if (line.startsWith('EPRT')) {
    const parts = /\|[12]\|([^|]+)\|(\d+)\|/.exec(line);
    if (parts) endpoint = [parts[1]!, Number(parts[2]), 'EPRT'];
  }
  if (!endpoint) return;
  const [address, port, mode] = endpoint;
  fields.push(
    field(mode.endsWith('PASV') ? 'ftp.passive.port' : 'ftp.active.port', 'Data port', port),
  );
  if (!context || !conversation) return;
  const data: FtpDataEndpoint = { mode, command: null };
  context.ftpData.set(`${address}|${port}`, data);
  conversation.ftpPendingData = data;
}

/** The FTP data endpoint a TCP segment belongs to, if a control connection announced it. */
export function ftpDataEndpoint(
  context: DissectContext,
  d: Dissection,
  srcPort: number,
  dstPort: number,
) {
  return (
    context.ftpData.get(`${d.netDestination}|${dstPort}`) ??
    context.ftpData.get(`${d.netSource}|${srcPort}`)
  );
}

/** Dissects a payload of an FTP data connection. */
export function dissectFtpData(d: Dissection, at: number, end: number, endpoint: FtpDataEndpoint) {
  addLayer(d, 'ftp-data', `FTP Data (${end - at} bytes data)`).push(
    field('ftp-data.setup-method', 'Setup method', endpoint.mode),
    field('ftp-data.command', 'Command', endpoint.command ?? ''),
  );
  const command = endpoint.command ? ` (${endpoint.command})` : '';
  setColumns(d, 'FTP-DATA', `FTP Data: ${end - at} bytes (${endpoint.mode})${command}`);
}
