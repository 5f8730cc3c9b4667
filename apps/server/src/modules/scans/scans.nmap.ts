import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { SaxesParser } from 'saxes';
import { createNmapReader, type NmapHost, NmapRefusal } from './scans.nmap.reader.ts';

export type { NmapHost, NmapPort, NmapScript } from './scans.nmap.reader.ts';

/** Bounds of one nmap XML report, on top of the request's NMAP_XML_MAX_CHARS. */
export const NMAP_XML_LIMITS = {
  /** Characters parsed between two turns of the event loop (a few milliseconds of work). */
  chunkChars: 32 * 1024,
  maxDepth: 64,
  maxHosts: 65_536,
  maxPorts: 131_072,
  /** Script results (NetGuard writes a finding as one). */
  maxScripts: 65_536,
  /** nmap's longest attributes are script outputs: a few kilobytes. */
  maxAttributeChars: 256 * 1024,
  /** nmap's elements carry at most about fifteen attributes (`<port>`, `<service>`). */
  maxAttributesPerElement: 64,
  /** About ten per port of maxPorts, with room for hosts and scripts. */
  maxAttributes: 2_000_000,
};
export type NmapXmlLimits = typeof NMAP_XML_LIMITS;

/**
 * Reads the hosts and ports of an nmap XML report (`nmap -oX`) with a streaming XML parser, in
 * chunks that yield to the event loop, so a large or hostile document never blocks the server.
 * No DTD and no entity but XML's five are accepted. IPv4 hosts only.
 * @example (await parseNmapXml(xml)).hosts[0] // { address: '192.0.2.1', up: true, ports: [...] }
 */
export async function parseNmapXml(
  xml: string,
  limits: NmapXmlLimits = NMAP_XML_LIMITS,
): Promise<{ hosts: NmapHost[] } | { error: string }> {
  // Without an error handler saxes throws at the first error, so parsing stops there.
  const parser = new SaxesParser();
  const reader = createNmapReader(limits);
  parser.on('doctype', reader.doctype);
  parser.on('opentagstart', reader.tagStart);
  parser.on('attribute', reader.attribute);
  parser.on('opentag', reader.open);
  parser.on('closetag', reader.close);
  parser.on('text', reader.text);
  try {
    for (let at = 0; at < xml.length; at += limits.chunkChars) {
      parser.write(xml.slice(at, at + limits.chunkChars));
      await yieldToEventLoop();
    }
    parser.close();
  } catch (error) {
    if (error instanceof NmapRefusal) return { error: error.message };
    return { error: `The nmap XML file is not well-formed XML (${(error as Error).message})` };
  }
  const hosts = reader.hosts();
  if (hosts.length === 0) return { error: 'The nmap XML report has no IPv4 hosts' };
  return { hosts };
}
