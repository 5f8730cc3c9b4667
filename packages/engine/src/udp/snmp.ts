import { printable } from '../services/exchange.ts';
import type { ServiceInfo } from '../types.ts';
import { children, integer, oid, readInteger, TAG, tlv } from './ber.ts';

export const SYS_DESCR = '1.3.6.1.2.1.1.1.0';
const SNMP_V2C = 1;

/** An SNMPv2c GetRequest for sysDescr.0. */
export function snmpGetRequest(requestId: number, community = 'public'): Buffer {
  const varbind = tlv(TAG.SEQUENCE, oid(SYS_DESCR), tlv(TAG.NULL));
  const pdu = tlv(
    TAG.GET_REQUEST,
    integer(requestId),
    integer(0),
    integer(0),
    tlv(TAG.SEQUENCE, varbind),
  );
  return tlv(TAG.SEQUENCE, integer(SNMP_V2C), tlv(TAG.OCTET_STRING, Buffer.from(community)), pdu);
}

/** What a GetResponse to our request says; null when the datagram is not that response. */
export function parseSnmpResponse(
  msg: Buffer,
  requestId: number,
): { community: string; errorStatus: number; sysDescr?: string } | null {
  const outer = children(msg);
  if (outer?.length !== 1 || outer[0]!.tag !== TAG.SEQUENCE) return null;
  const [version, community, pdu] = children(outer[0]!.content) ?? [];
  if (readInteger(version) === null || community?.tag !== TAG.OCTET_STRING) return null;
  if (pdu?.tag !== TAG.GET_RESPONSE) return null;
  const [id, status, , varbinds] = children(pdu.content) ?? [];
  if (readInteger(id) !== requestId) return null;
  const value = varbinds && children(varbinds.content)?.[0];
  const pair = value && children(value.content);
  const text = pair?.[1]?.tag === TAG.OCTET_STRING ? pair[1].content.toString('utf8') : undefined;
  return {
    community: community.content.toString('latin1'),
    errorStatus: readInteger(status) ?? 0,
    sysDescr: text,
  };
}

// The system the agent runs on, when sysDescr follows a well-known shape.
const SYSTEMS: [RegExp, string][] = [
  [/^Linux \S+ (\d[\w.+-]*)/, 'Linux'],
  [/^Cisco IOS.*?Version ([^,\s]+)/s, 'Cisco IOS'],
  [/^FreeBSD \S+ (\d[\w.-]*)/, 'FreeBSD'],
  [/^Hardware:.*Software: Windows.*?Version ([\d.]+)/s, 'Windows'],
];

/** Describes an SNMP agent from its GetResponse: sysDescr names the system behind it. */
export function snmpService(
  answer: NonNullable<ReturnType<typeof parseSnmpResponse>>,
): ServiceInfo {
  const descr = answer.sysDescr;
  const system = descr ? SYSTEMS.find(([re]) => re.test(descr)) : undefined;
  const extra: Record<string, string> = { community: answer.community, snmp_version: 'v2c' };
  if (descr) extra.sysDescr = descr;
  return {
    name: 'snmp',
    product: system?.[1],
    version: system && descr ? system[0].exec(descr)?.[1] : undefined,
    banner: descr ? printable(descr, 200) : undefined,
    extra,
  };
}
