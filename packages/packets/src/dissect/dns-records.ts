// DNS resource records: type names, the short texts Wireshark puts in the Info column
// ("A 127.0.0.1", "MX 10 mail.test") and the display-filter fields of each record type.
import type { TPacketField } from '@netguard/contracts';
import { be16, be32, ipv4Text, ipv6Text } from './bytes.ts';
import { readDnsName } from './dns-names.ts';
import { field } from './state.ts';

export const DNS_TYPES: Record<number, string> = {
  1: 'A',
  2: 'NS',
  5: 'CNAME',
  6: 'SOA',
  12: 'PTR',
  13: 'HINFO',
  15: 'MX',
  16: 'TXT',
  28: 'AAAA',
  33: 'SRV',
  35: 'NAPTR',
  41: 'OPT',
  43: 'DS',
  46: 'RRSIG',
  47: 'NSEC',
  48: 'DNSKEY',
  50: 'NSEC3',
  64: 'SVCB',
  65: 'HTTPS',
  99: 'SPF',
  252: 'AXFR',
  255: 'ANY',
  257: 'CAA',
};

/** Wireshark's name of a record type, "Unknown (N)" for others. */
export function dnsTypeName(type: number): string {
  return DNS_TYPES[type] ?? `Unknown (${type})`;
}

/**
 * Reads the data of a record of `type` in [at, at + length) into fields and returns its Info
 * text; null when the data is cut short.
 */
export function readRecordData(
  b: Uint8Array,
  type: number,
  at: number,
  length: number,
  message: number,
  fields: TPacketField[],
): string | null {
  const end = at + length;
  const name = (offset: number) => readDnsName(b, offset, message, end);
  switch (type) {
    case 1: {
      if (length !== 4) return null;
      const address = ipv4Text(b, at);
      fields.push(field('dns.a', 'Address', address));
      return `A ${address}`;
    }
    case 28: {
      if (length !== 16) return null;
      const address = ipv6Text(b, at);
      fields.push(field('dns.aaaa', 'AAAA Address', address));
      return `AAAA ${address}`;
    }
    case 2:
    case 5:
    case 12: {
      const target = name(at);
      if (!target) return null;
      const [fieldName, label] = NAME_FIELDS[type]!;
      fields.push(field(fieldName, label, target.name));
      return `${DNS_TYPES[type]} ${target.name}`;
    }
    case 15: {
      const exchange = length > 2 ? name(at + 2) : null;
      if (!exchange) return null;
      fields.push(
        field('dns.mx.preference', 'Preference', be16(b, at)),
        field('dns.mx.mail_exchange', 'Mail Exchange', exchange.name),
      );
      return `MX ${be16(b, at)} ${exchange.name}`;
    }
    case 16: {
      for (let i = at; i < end; ) {
        const size = b[i]!;
        if (i + 1 + size > end) return null;
        let text = '';
        for (let j = i + 1; j <= i + size; j++) text += String.fromCharCode(b[j]!);
        fields.push(field('dns.txt', 'TXT', text));
        i += 1 + size;
      }
      return 'TXT';
    }
    case 33: {
      const target = length > 6 ? name(at + 6) : null;
      if (!target) return null;
      const [priority, weight, port] = [be16(b, at), be16(b, at + 2), be16(b, at + 4)];
      fields.push(
        field('dns.srv.port', 'Port', port),
        field('dns.srv.target', 'Target', target.name),
      );
      return `SRV ${priority} ${weight} ${port} ${target.name}`;
    }
    case 6: {
      const primary = name(at);
      const mailbox = primary ? name(primary.next) : null;
      if (!primary || !mailbox || mailbox.next + 20 > end) return null;
      fields.push(
        field('dns.soa.mname', 'Primary name server', primary.name),
        field('dns.soa.rname', 'Responsible authority', mailbox.name),
        field('dns.soa.serial_number', 'Serial Number', be32(b, mailbox.next)),
      );
      return `SOA ${primary.name}`;
    }
    default:
      return dnsTypeName(type);
  }
}

const NAME_FIELDS: Record<number, [string, string]> = {
  2: ['dns.ns', 'Name Server'],
  5: ['dns.cname', 'CNAME'],
  12: ['dns.ptr.domain_name', 'Domain Name'],
};
