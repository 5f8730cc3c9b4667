import { isIPv4 } from '@netguard/contracts';
import type { SaxesTagPlain } from 'saxes';
import type { NmapXmlLimits } from './scans.nmap.ts';

export type NmapPort = {
  port: number;
  protocol: 'tcp' | 'udp';
  state: string;
  service: string | null;
  product: string | null;
  version: string | null;
  cpe: string | null;
};
/** A `<script>` result with its `<elem key>` values, on an open port or the host (port null). */
export type NmapScript = {
  id: string;
  elems: Record<string, string>;
  port: number | null;
  protocol: 'tcp' | 'udp';
};
export type NmapHost = {
  address: string;
  hostname: string | null;
  up: boolean;
  ports: NmapPort[];
  scripts: NmapScript[];
};

/** A document refused for what it is (not an nmap report, over a limit), not for its syntax. */
export class NmapRefusal extends Error {}

const MAX_CPE_CHARS = 300;
const MAX_VALUE_CHARS = 500;
/** A finding's longest text field (contracts' ZFinding). */
const MAX_ELEM_CHARS = 4000;

type ScriptDraft = { id: string; elems: Record<string, string>; onPort: boolean };

type PortDraft = { attrs: Record<string, string>; state: string; service?: Record<string, string> };
type HostDraft = Omit<NmapHost, 'address'> & { address: string | null; hostnameSeen: boolean };

const value = (text: string | undefined) => text?.slice(0, MAX_VALUE_CHARS) || null;

function toPort(draft: PortDraft, cpe: string | null): NmapPort | null {
  const port = Number(draft.attrs.portid);
  const protocol = draft.attrs.protocol;
  if (!Number.isInteger(port) || port < 1 || port > 65535) return null;
  if ((protocol !== 'tcp' && protocol !== 'udp') || draft.state !== 'open') return null;
  return {
    port,
    protocol,
    state: draft.state,
    service: value(draft.service?.name),
    product: value(draft.service?.product),
    version: value(draft.service?.version),
    cpe,
  };
}

/**
 * The saxes event handlers that collect the hosts of an nmap report (`<nmaprun><host>…`): the
 * first IPv4 address, first hostname and status of each host, and its open ports with service
 * and first CPE. Every handler throws NmapRefusal past a limit.
 */
export function createNmapReader(limits: NmapXmlLimits) {
  const hosts: NmapHost[] = [];
  let depth = 0;
  let hostCount = 0;
  let portCount = 0;
  let host: HostDraft | null = null;
  let port: PortDraft | null = null;
  let cpe: string | null = null;
  let cpeText: string | null = null;
  let scriptCount = 0;
  let script: ScriptDraft | null = null;
  let portScripts: ScriptDraft[] = [];
  let elem: { key: string; text: string } | null = null;

  function openScript(tag: SaxesTagPlain, onPort: boolean) {
    if (tag.name === 'script' && !script) {
      if (++scriptCount > limits.maxScripts) {
        throw new NmapRefusal(`The nmap XML report has more than ${limits.maxScripts} scripts`);
      }
      script = { id: (tag.attributes.id ?? '').slice(0, 100), elems: {}, onPort };
    } else if (tag.name === 'elem' && script && tag.attributes.key) {
      elem = { key: tag.attributes.key.slice(0, 40), text: '' };
    }
  }

  function openInHost(tag: SaxesTagPlain) {
    if (!host) return;
    const a = tag.attributes;
    if (port) {
      if (tag.name === 'script' || tag.name === 'elem') openScript(tag, true);
      else if (tag.name === 'state') port.state = a.state ?? 'unknown';
      else if (tag.name === 'service') port.service = a;
      else if (tag.name === 'cpe' && port.service && cpe === null) cpeText = '';
      return;
    }
    if (tag.name === 'script' || tag.name === 'elem') openScript(tag, false);
    else if (tag.name === 'port') {
      if (++portCount > limits.maxPorts) {
        throw new NmapRefusal(`The nmap XML report lists more than ${limits.maxPorts} ports`);
      }
      port = { attrs: a, state: 'unknown' };
    } else if (tag.name === 'status' && depth === 3) host.up = a.state === 'up';
    else if (tag.name === 'address' && !host.address && a.addrtype === 'ipv4') {
      if (a.addr && isIPv4(a.addr)) host.address = a.addr;
    } else if (tag.name === 'hostname' && !host.hostnameSeen) {
      host.hostnameSeen = true;
      host.hostname = value(a.name);
    }
  }

  let tagAttributes = 0;
  let attributes = 0;

  return {
    /** A tag begins: its attributes are counted as the parser reads them. */
    tagStart() {
      tagAttributes = 0;
    },
    /**
     * Each attribute as it is read, before the parser gathers them: past a cap the document is
     * refused there, before a tag of a million attributes is built.
     */
    attribute() {
      if (++tagAttributes > limits.maxAttributesPerElement)
        throw new NmapRefusal(
          `The nmap XML file has an element with more than ${limits.maxAttributesPerElement} attributes`,
        );
      if (++attributes > limits.maxAttributes)
        throw new NmapRefusal(
          `The nmap XML file has more than ${limits.maxAttributes} attributes in all`,
        );
    },
    doctype(text: string) {
      // nmap writes `<!DOCTYPE nmaprun>`; anything more is a DTD, the way to entity bombs.
      if (!/^\s*nmaprun\s*$/.test(text)) {
        throw new NmapRefusal(
          'The nmap XML file declares a DTD or entities: only <!DOCTYPE nmaprun> is accepted',
        );
      }
    },
    open(tag: SaxesTagPlain) {
      if (++depth > limits.maxDepth) {
        throw new NmapRefusal(`The nmap XML file nests elements deeper than ${limits.maxDepth}`);
      }
      if (depth === 1 && tag.name !== 'nmaprun') {
        throw new NmapRefusal('Not an nmap XML report: <nmaprun> is missing');
      }
      for (const text of Object.values(tag.attributes)) {
        if (text.length > limits.maxAttributeChars) {
          throw new NmapRefusal(
            `The nmap XML file has an attribute longer than ${limits.maxAttributeChars} characters`,
          );
        }
      }
      if (depth === 2 && tag.name === 'host') {
        if (++hostCount > limits.maxHosts) {
          throw new NmapRefusal(`The nmap XML report lists more than ${limits.maxHosts} hosts`);
        }
        host = {
          address: null,
          hostname: null,
          hostnameSeen: false,
          up: true,
          ports: [],
          scripts: [],
        };
      } else openInHost(tag);
    },
    /** Also called for a self-closing tag, right after open. */
    close(tag: SaxesTagPlain) {
      depth--;
      if (tag.name === 'cpe' && cpeText !== null) {
        const text = cpeText.trim();
        if (text.length > 0 && text.length <= MAX_CPE_CHARS) cpe = text;
        cpeText = null;
      } else if (tag.name === 'elem' && elem && script) {
        script.elems[elem.key] = elem.text;
        elem = null;
      } else if (tag.name === 'script' && script && host) {
        if (script.onPort) portScripts.push(script);
        else host.scripts.push({ id: script.id, elems: script.elems, port: null, protocol: 'tcp' });
        script = null;
      } else if (tag.name === 'port' && host && port) {
        const done = toPort(port, cpe);
        if (done) {
          host.ports.push(done);
          for (const { id, elems } of portScripts)
            host.scripts.push({ id, elems, port: done.port, protocol: done.protocol });
        }
        port = null;
        cpe = null;
        portScripts = [];
      } else if (tag.name === 'host' && host && depth === 1) {
        const { hostnameSeen: _, address, ...rest } = host;
        if (address) hosts.push({ address, ...rest });
        host = null;
      }
    },
    text(text: string) {
      if (elem) elem.text = (elem.text + text).slice(0, MAX_ELEM_CHARS);
      if (cpeText === null) return;
      // Past the limit the CPE is dropped; keep only enough to know that.
      cpeText = (cpeText + text).slice(0, MAX_CPE_CHARS + 1);
    },
    hosts: () => hosts,
  };
}
