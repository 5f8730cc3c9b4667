import { randomBytes } from 'node:crypto';
import { dnsService, parseDnsResponse, versionBindQuery } from '../services/probes/dns.ts';
import type { ServiceInfo } from '../types.ts';
import { ntpRequest, ntpService, parseNtpReply } from './ntp.ts';
import { parseSnmpResponse, snmpGetRequest, snmpService } from './snmp.ts';

export type UdpProtocolName = 'dns' | 'ntp' | 'snmp';

/** One request datagram and the parser that recognises its reply. */
export type UdpRequest = { payload: Buffer; match(reply: Buffer): ServiceInfo | null };

/** Builds a fresh request per attempt, so a late reply to an earlier attempt still matches it. */
export const UDP_PROTOCOLS: Record<UdpProtocolName, { service: string; request(): UdpRequest }> = {
  dns: {
    service: 'domain',
    request() {
      const id = randomBytes(2).readUInt16BE(0);
      return {
        payload: versionBindQuery(id),
        match: (reply) => {
          const answer = parseDnsResponse(reply, id);
          return answer && dnsService(answer, reply);
        },
      };
    },
  },
  ntp: {
    service: 'ntp',
    request() {
      const transmit = randomBytes(8);
      return {
        payload: ntpRequest(transmit),
        match: (reply) => {
          const parsed = parseNtpReply(reply, transmit);
          return parsed && ntpService(parsed);
        },
      };
    },
  },
  snmp: {
    service: 'snmp',
    request() {
      const id = randomBytes(4).readUInt32BE(0) & 0x7fffffff;
      return {
        payload: snmpGetRequest(id),
        match: (reply) => {
          const parsed = parseSnmpResponse(reply, id);
          return parsed && snmpService(parsed);
        },
      };
    },
  },
};

/** A UDP port and the protocol spoken to it. */
export type UdpPort = { port: number; protocol: UdpProtocolName };

/** What --udp probes: DNS, NTP and SNMP on their well-known ports. */
export const DEFAULT_UDP_PORTS: readonly UdpPort[] = [
  { port: 53, protocol: 'dns' },
  { port: 123, protocol: 'ntp' },
  { port: 161, protocol: 'snmp' },
];
