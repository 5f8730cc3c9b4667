import { gunzipSync } from 'node:zlib';
import {
  SIEM_QUERY_USE_CASES,
  SIEM_TYPES,
  type TSiemQueryUseCase,
  type TSiemType,
  ZSiemQuery,
} from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { createSiemEvent, type SiemEvent } from '../event.ts';
import { cefExtensions, formatCef } from '../formats/cef.ts';
import { ecsDocument } from '../formats/ecs.ts';
import { hecEvent } from '../formats/hec.ts';
import { formatLeef, leefAttributes } from '../formats/leef.ts';
import { udmEvent } from '../http/chronicle.ts';
import { sentinelRecord } from '../http/sentinel.ts';
import { sendSumo } from '../http/sumo.ts';
import { testNetwork } from '../testing/network.ts';
import { generateSiemQueries, SIEM_QUERY_GENERATORS } from './index.ts';

const ORG = '6f1c2a7e-0000-4000-8000-00000000a001';
const TIME = '2026-11-27T05:00:00.000Z';

/** One event each use case's query must find. */
const SAMPLES: Record<TSiemQueryUseCase, SiemEvent> = {
  critical_vulnerabilities_24h: createSiemEvent({
    type: 'vulnerability_found',
    time: TIME,
    severity: 'critical',
    organizationId: ORG,
    title: 'XZ Utils backdoor',
    message: 'liblzma 5.6.0 on web-01',
    host: 'web-01.example',
    ip: '192.0.2.10',
    port: 22,
    protocol: 'tcp',
    cve: 'CVE-2024-3094',
    cvss: 10,
    category: 'vulnerability',
  }),
  failed_signin_burst: createSiemEvent({
    type: 'security_event',
    time: TIME,
    severity: 'medium',
    organizationId: ORG,
    title: 'Failed sign-in',
    message: 'Wrong password',
    category: 'authentication',
    outcome: 'failure',
    user: 'alice@example.com',
    sourceIp: '198.51.100.7',
  }),
  new_exposed_services: createSiemEvent({
    type: 'vulnerability_found',
    time: TIME,
    severity: 'high',
    organizationId: ORG,
    title: 'Open port 8443/tcp',
    message: 'Admin console reachable from the internet',
    host: 'web-02.example',
    ip: '192.0.2.20',
    port: 8443,
    protocol: 'tcp',
    category: 'exposure',
  }),
};

/** Dotted paths to leaf values; arrays of objects are entered (UDM repeated fields), others kept. */
function flatten(value: unknown, prefix = '', out: Record<string, string> = {}) {
  if (Array.isArray(value) && value.some((v) => v && typeof v === 'object')) {
    for (const v of value) flatten(v, prefix, out);
  } else if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) out[prefix] = Array.isArray(value) ? value.join(',') : String(value);
  return out;
}

/** Names of the pipe-separated header fields of CEF:0 and LEEF:2.0 records. */
const CEF_HEADER = [
  'cefVersion',
  'deviceVendor',
  'deviceProduct',
  'deviceVersion',
  'deviceEventClassId',
  'name',
  'deviceSeverity',
];
const header = (record: string, names: string[]) =>
  Object.fromEntries(names.map((n, i) => [n, record.split('|')[i] ?? '']));

/** The body sendSumo posts (gunzipped), captured by the network's fetch: nothing is sent. */
async function sumoLine(event: SiemEvent): Promise<string> {
  let body = '';
  const capturing = {
    ...testNetwork(),
    fetch: async (_url: string | URL, init?: RequestInit) => {
      body = gunzipSync(init?.body as Buffer).toString('utf8');
      return new Response('', { status: 200 });
    },
  };
  await sendSumo(capturing, { url: 'https://collectors.example/receiver/v1/http/x' }, [event]);
  return body;
}

/** Each SIEM's view of an event: the fields its NetGuard formatter writes, flattened. */
const OUTPUT: Record<TSiemType, (e: SiemEvent) => Promise<Record<string, string>>> = {
  splunk: async (e) => {
    const hec = hecEvent(e);
    return { ...flatten(hec.event), sourcetype: hec.sourcetype };
  },
  elastic: async (e) => flatten(ecsDocument(e)),
  qradar: async (e) => ({
    ...Object.fromEntries(leefAttributes(e)),
    ...header(formatLeef(e), ['leefVersion', 'vendor', 'product', 'version', 'eventID']),
  }),
  sentinel: async (e) => flatten(sentinelRecord(e)),
  sumo_logic: async (e) => flatten(JSON.parse(await sumoLine(e))),
  chronicle: async (e) => flatten(udmEvent(e)),
  arcsight: async (e) => ({
    ...header(formatCef(e), CEF_HEADER),
    ...Object.fromEntries(cefExtensions(e)),
  }),
};

/** Quotes closed and (), [], {} balanced outside quotes and comments. */
function balanced(text: string): boolean {
  const stack: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  let i = 0;
  const skipTo = (end: string) => {
    const at = text.indexOf(end, i);
    i = at < 0 ? text.length : at + end.length;
  };
  while (i < text.length) {
    const c = text[i] as string;
    if (text.startsWith('/*', i)) skipTo('*/');
    else if (text.startsWith('//', i)) skipTo('\n');
    else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) return false;
      i = j + 1;
    } else {
      if ('([{'.includes(c)) stack.push(c);
      else if (c in pairs && stack.pop() !== pairs[c]) return false;
      i++;
    }
  }
  return stack.length === 0;
}

/** What a query of each language must look like. */
const STRUCTURE: Record<TSiemType, (q: string, uc: TSiemQueryUseCase) => void> = {
  splunk: (q) => expect(q).toMatch(/^search index=\S+ sourcetype(=| IN )/),
  elastic: (q) => {
    expect(q).toMatch(/^FROM \S+\n\|/);
    expect(q).toMatch(/\| STATS .+ BY /s);
  },
  qradar: (q) => {
    expect(q).toMatch(/^SELECT .+\nFROM events\n/);
    expect(q).toMatch(/\nLAST \d+ (MINUTES|HOURS|DAYS)$/);
    expect(q).not.toMatch(/^\/\*|\*\/$/);
  },
  sentinel: (q) => expect(q).toMatch(/^\w+_CL\n\| where TimeGenerated > ago\(\d+[hd]\)/),
  sumo_logic: (q) => expect(q).toMatch(/^_sourceCategory=\S+.*\n\| json "/),
  chronicle: (q, uc) => {
    expect(q).toMatch(
      /^rule netguard_\w+ \{\n {2}meta:\n[\s\S]+\n {2}events:\n[\s\S]+\n {2}condition:\n.+\n\}$/,
    );
    if (uc === 'failed_signin_burst')
      expect(q).toMatch(/\n {2}match:\n {4}\$user, \$ip over 10m\n/);
  },
  arcsight: (q) => expect(q).toMatch(/^deviceVendor = "NetGuard" AND /),
};

it('the balance check refuses open quotes and brackets', () => {
  expect(balanced('a("b)", [c]) // (')).toBe(true);
  for (const bad of ['a("b)"', 'x = "open', "y = 'open", 'f(]', '{ /* } */'])
    expect(balanced(bad), bad).toBe(false);
});

describe.each(SIEM_TYPES)('%s queries', (type) => {
  const generator = SIEM_QUERY_GENERATORS[type];
  const ref = generator.reference ?? ((f: string) => f);

  it.each(SIEM_QUERY_USE_CASES)('%s reads only fields the formatter writes', async (uc) => {
    const built = generator.queries[uc]({});
    const output = await OUTPUT[type](SAMPLES[uc]);
    expect(built.fields.length).toBeGreaterThan(1);
    for (const field of built.fields) {
      expect(Object.keys(output), `${field} in the ${type} output`).toContain(field);
      expect(built.query, `${field} in the query`).toContain(ref(field));
    }
    for (const [field, value] of Object.entries(built.filters)) {
      expect(built.fields).toContain(field);
      expect(output[field], `${field} of the sample`).toBe(value);
      expect(built.query).toContain(value);
    }
  });

  it.each(SIEM_QUERY_USE_CASES)('%s is well formed', (uc) => {
    const [query] = generateSiemQueries(type, uc);
    expect(ZSiemQuery.parse(query)).toEqual(query);
    expect(query?.useCase).toBe(uc);
    expect(balanced(query?.query ?? '')).toBe(true);
    STRUCTURE[type](query?.query ?? '', uc);
  });
});

describe('generateSiemQueries', () => {
  it('returns the three use cases in order without a use case', () => {
    const queries = generateSiemQueries('splunk');
    expect(queries.map((q) => q.useCase)).toEqual([...SIEM_QUERY_USE_CASES]);
    expect(queries.map((q) => q.kind)).toEqual(['dashboard', 'alert', 'alert']);
    expect(queries.every((q) => q.language === 'SPL')).toBe(true);
  });

  it('puts the index, sourcetype, stream name and category of the options in the text', () => {
    const all = (type: TSiemType, options: Parameters<typeof generateSiemQueries>[2]) =>
      generateSiemQueries(type, undefined, options).map((q) => q.query);
    for (const q of all('splunk', { index: 'security', sourcetype: 'netguard:event' })) {
      expect(q).toMatch(/^search index="security" sourcetype="netguard:event" /);
    }
    for (const q of all('elastic', { index: 'logs-netguard-default' }))
      expect(q).toMatch(/^FROM logs-netguard-default\n/);
    for (const q of all('sentinel', { streamName: 'Custom-Scanner_CL' }))
      expect(q).toMatch(/^Scanner_CL\n/);
    for (const q of all('sumo_logic', { category: 'prod/netguard' }))
      expect(q).toMatch(/^_sourceCategory="prod\/netguard"/);
  });

  it('uses the defaults of the formatters without options', () => {
    expect(generateSiemQueries('sentinel')[0]?.query).toMatch(/^NetGuard_CL\n/);
    expect(generateSiemQueries('splunk', 'failed_signin_burst')[0]?.query).toContain(
      'sourcetype="netguard:security_event"',
    );
    expect(generateSiemQueries('elastic')[0]?.query).toMatch(/^FROM netguard\*\n/);
  });

  it('says in the title where a query approximates', () => {
    for (const type of ['chronicle', 'arcsight'] as const)
      expect(generateSiemQueries(type, 'new_exposed_services')[0]?.title).toMatch(/approximation/);
  });

  it('refuses an unknown type', () => {
    expect(() => generateSiemQueries('splunkx' as TSiemType)).toThrow(/unknown SIEM type/);
  });
});
