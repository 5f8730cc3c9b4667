import type { ServiceInfo } from '../../types.ts';
import { cpeFor } from '../cpe.ts';
import { type Endpoint, exchange, printable } from '../exchange.ts';
import {
  type BackendMessage,
  errorFields,
  PROTOCOL_3_0,
  parameterStatus,
  readMessages,
  startupMessage,
} from './postgresql-wire.ts';

const AUTH_METHODS: Record<number, string> = { 0: 'trust', 3: 'password', 5: 'md5', 10: 'scram' };

/** The startup answer is complete at a password request, an error or ReadyForQuery. */
const answered = (messages: BackendMessage[]) =>
  messages.some(
    (m) => m.type === 'E' || m.type === 'Z' || (m.type === 'R' && m.body.readUInt32BE(0) !== 0),
  );

/**
 * Detects PostgreSQL from its answer to a StartupMessage: an authentication request or a FATAL
 * error. The exact version (server_version) only comes after a successful login, so it is known
 * when the server trusts the connecting user; otherwise see versionRange().
 */
export async function probePostgres(endpoint: Endpoint): Promise<ServiceInfo | null> {
  // "postgres" is the superuser every cluster starts with: a trusting server lets it in.
  const send = startupMessage(PROTOCOL_3_0, { user: 'postgres', database: 'postgres' });
  const { data } = await exchange(endpoint, { send, complete: (d) => answered(readMessages(d)) });
  const messages = readMessages(data);
  const first = messages[0];
  const isAuth = first?.type === 'R' && first.body.length >= 4;
  const isError = first?.type === 'E' && errorFields(first.body).S !== undefined;
  if (!isAuth && !isError) return null;
  const extra: Record<string, string> = {};
  if (isAuth) extra.auth = AUTH_METHODS[first.body.readUInt32BE(0)] ?? 'other';
  const status = messages.filter((m) => m.type === 'S').map((m) => parameterStatus(m.body));
  const serverVersion = status.find(([name]) => name === 'server_version')?.[1];
  const version = serverVersion?.split(' ')[0];
  // Distribution builds add their package: "15.14 (Debian 15.14-0+deb12u1)". Matching reads it.
  const packaged = /\((?:Debian|Ubuntu) ([^)\s]+)\)/.exec(serverVersion ?? '')?.[1];
  if (packaged) extra.raw = packaged;
  if (!version) Object.assign(extra, await versionRange(endpoint));
  return {
    name: 'postgresql',
    product: 'PostgreSQL',
    version,
    cpe: cpeFor('postgresql', version),
    banner: printable(data, 120),
    extra,
  };
}

/**
 * What an unauthenticated client can learn of the version: asked for protocol 4.0, the server
 * names the protocol versions it supports and the source file of its startup code. That bounds
 * the major version (3.2 arrived in 18, backend_startup.c in 17, protocol 2 left in 14) but not
 * the minor: the line number (L) changes between releases, yet no table maps it to versions.
 */
async function versionRange(endpoint: Endpoint): Promise<Record<string, string>> {
  const send = startupMessage(4 << 16, { user: 'postgres' });
  const { data } = await exchange(endpoint, { send, complete: (d) => answered(readMessages(d)) });
  const error = readMessages(data).find((m) => m.type === 'E');
  if (!error) return {};
  const fields = errorFields(error.body);
  const range = /server supports (\d+)\.(\d+) to (\d+)\.(\d+)/.exec(fields.M ?? '');
  if (!range) return {};
  const [earliest, latestMajor, latestMinor] = [range[1], range[3], range[4]].map(Number);
  const major =
    latestMajor! > 3 || latestMinor! >= 2
      ? '18 or later'
      : fields.F === 'backend_startup.c'
        ? '17'
        : earliest! >= 3
          ? '14 to 16'
          : '13 or earlier';
  return {
    protocol: `${range[1]}.${range[2]}-${range[3]}.${range[4]}`,
    version_range: major,
    startup_code: `${fields.F ?? '?'}:${fields.L ?? '?'} ${fields.R ?? ''}`.trim(),
  };
}
