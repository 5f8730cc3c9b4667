import { DEFAULT_SECURITY_POLICY, DEFAULT_TOPOLOGY_SETTINGS } from '@netguard/contracts';
import { NMAP_SAMPLE } from './fixtures/nmap.ts';
import type { TestContext } from './helpers.ts';
import { uploadCapture } from './packets-helpers.ts';
import { seedScan } from './seed.ts';
import {
  type Caller,
  type Fixtures,
  insertIncident,
  MARK,
  scanTarget,
  tinyPcap,
  topologyHost,
  unique,
} from './tenant-matrix-fixtures.ts';

export type Req = { url: string; payload?: unknown; headers?: Record<string, string> };
type Build = (f: Fixtures, c: Caller, ctx: TestContext) => Req | Promise<Req>;

export type Sample = {
  req: Build;
  /** The call changes the caller's own session or account: a throw-away caller of the same role. */
  fresh?: true;
  /** Documented non-2xx answers an allowed caller gets by a business rule (see the entry). */
  ok?: number[];
  /** B's expected status; default: 404 when the path names A's data, else 2xx on B's own data. */
  other?: number;
  after?: (f: Fixtures, c: Caller, ctx: TestContext) => Promise<void>;
};

export const get =
  (url: string | ((f: Fixtures) => string)): Build =>
  (f) => ({ url: typeof url === 'string' ? url : url(f) });
export const send =
  (url: string | ((f: Fixtures) => string), payload: unknown): Build =>
  (f) => ({ url: typeof url === 'string' ? url : url(f), payload });

/** A call as A's admin, to make a throw-away fixture. */
export const asAdmin = async (
  ctx: TestContext,
  f: Fixtures,
  method: 'POST' | 'PUT',
  url: string,
  payload?: object,
) => {
  const res = await ctx.app.inject({
    method,
    url,
    headers: f.admin.auth,
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode >= 300)
    throw new Error(`fixture ${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown>;
};

const asset = (target: string) => ({
  kind: 'host',
  target,
  criticality: 'high',
  mission_prevalence: 'essential',
  public_wellbeing: 'material',
});

/** One sample request per operation of the OpenAPI document under the guarded scope. */ export const DATA_SAMPLES: Record<
  string,
  Sample
> = {
  'POST /api/scans': {
    req: () => ({
      url: '/api/scans',
      payload: { scan_name: 'tm scan', scan_type: 'network', target_hosts: [scanTarget()] },
    }),
  },
  'GET /api/scans': { req: get('/api/scans') },
  'POST /api/scans/estimate': {
    req: send('/api/scans/estimate', { scan_type: 'network', target_hosts: ['127.0.0.1'] }),
  },
  'POST /api/scans/import': {
    req: send('/api/scans/import', { scan_name: 'tm import', xml: NMAP_SAMPLE }),
  },
  'GET /api/scans/export': { req: get('/api/scans/export?format=csv') },
  'GET /api/scans/durations': { req: get('/api/scans/durations') },
  'GET /api/scans/:id': { req: get((f) => `/api/scans/${f.scanId}`) },
  'GET /api/scans/:id/results': {
    req: get((f) => `/api/scans/${f.scanId}/results?format=sarif`),
  },
  'POST /api/scans/:id/start': {
    req: async (f, _c, ctx) => {
      const scan = await seedScan(ctx, f.admin, {
        status: 'pending',
        name: `${MARK} to start`,
        targets: [scanTarget()],
      });
      return { url: `/api/scans/${scan.id}/start` };
    },
  },
  'POST /api/scans/:id/cancel': {
    req: async (f, _c, ctx) => {
      const scan = await seedScan(ctx, f.admin, {
        status: 'pending',
        name: `${MARK} to cancel`,
        targets: [scanTarget()],
      });
      return { url: `/api/scans/${scan.id}/cancel` };
    },
  },
  'GET /api/dashboard': { req: get('/api/dashboard') },
  'GET /api/analytics/overview': { req: get('/api/analytics/overview') },
  'GET /api/analytics/security-posture': { req: get('/api/analytics/security-posture') },
  'POST /api/reports': { req: send('/api/reports', { report_type: 'executive' }) },
  'GET /api/reports': { req: get('/api/reports') },
  'GET /api/reports/:id': { req: get((f) => `/api/reports/${f.reportId}`) },
  'GET /api/reports/:id/download': {
    req: get((f) => `/api/reports/${f.reportId}/download?format=json`),
  },
  'GET /api/vulnerabilities': { req: get('/api/vulnerabilities') },
  'GET /api/vulnerabilities/export': { req: get('/api/vulnerabilities/export?format=csv') },
  'GET /api/vulnerabilities/:id/history': {
    req: get((f) => `/api/vulnerabilities/${f.vulnerabilityId}/history`),
  },
  'PATCH /api/mitigation-actions/:id': {
    req: send((f) => `/api/mitigation-actions/${f.mitigationId}`, { status: 'in_progress' }),
  },
  'GET /api/risk/summary': { req: get('/api/risk/summary?range=90d') },
  'GET /api/risk/assessments': { req: get('/api/risk/assessments?range=90d') },
  'GET /api/risk/assessments/:id': {
    req: get((f) => `/api/risk/assessments/${f.vulnerabilityId}`),
  },
  'GET /api/risk/prioritization': { req: get('/api/risk/prioritization') },
  'GET /api/risk/trends': { req: get('/api/risk/trends?range=90d') },
  'GET /api/risk/insights': { req: get('/api/risk/insights?range=90d') },
  'GET /api/topology': { req: get('/api/topology') },
  // topologyHost() is a host of A's scan (with an open port of the test); B does not know it: 404.
  'POST /api/topology/ping': {
    req: () => ({ url: '/api/topology/ping', payload: { host: topologyHost() } }),
    other: 404,
  },
  // Creates and enqueues a port scan of topologyHost(); no worker runs, so no traffic.
  'POST /api/topology/port-scan': {
    req: () => ({ url: '/api/topology/port-scan', payload: { host: topologyHost() } }),
    other: 404,
  },
  'GET /api/topology/settings': { req: get('/api/topology/settings') },
  'PUT /api/topology/settings': { req: send('/api/topology/settings', DEFAULT_TOPOLOGY_SETTINGS) },
  'GET /api/assets': { req: get('/api/assets') },
  'PUT /api/assets': { req: send('/api/assets', asset('192.0.2.46')) },
  'DELETE /api/assets/:id': {
    req: async (f, _c, ctx) => {
      const made = await asAdmin(ctx, f, 'PUT', '/api/assets', asset(`tm-${unique()}`));
      return { url: `/api/assets/${made.id}` };
    },
  },
  'POST /api/packets/captures': {
    req: () => ({
      url: '/api/packets/captures?name=tm.pcap',
      payload: tinyPcap(),
      headers: { 'content-type': 'application/octet-stream' },
    }),
  },
  'GET /api/packets/captures': { req: get('/api/packets/captures') },
  'GET /api/packets/capability': { req: get('/api/packets/capability') },
  'GET /api/packets/captures/:id': { req: get((f) => `/api/packets/captures/${f.captureId}`) },
  'DELETE /api/packets/captures/:id': {
    req: async (f, _c, ctx) => {
      const made = await uploadCapture(ctx, f.admin, `${MARK}-drop.pcap`, tinyPcap());
      return { url: `/api/packets/captures/${made.json().id}` };
    },
  },
  'GET /api/packets/captures/:id/packets': {
    req: get((f) => `/api/packets/captures/${f.captureId}/packets`),
  },
  'GET /api/packets/captures/:id/export': {
    req: get((f) => `/api/packets/captures/${f.captureId}/export`),
  },
  'POST /api/packets/export': {
    req: () => {
      const frame = tinyPcap().subarray(40);
      return {
        url: '/api/packets/export',
        payload: {
          link_type: 1,
          packets: [{ time: 1, length: frame.length, payload: frame.toString('hex') }],
        },
      };
    },
  },
  'GET /api/feeds': { req: get('/api/feeds') },
  // Feed imports are for the deployment's operators (NETGUARD_OPERATORS) among the admins; none
  // is configured here, so an admin gets the operators-only 403 and no global import runs.
  'POST /api/feeds/:source/upload': {
    req: () => ({
      url: '/api/feeds/kev/upload?name=kev.json',
      payload: '{}',
      headers: { 'content-type': 'application/octet-stream' },
    }),
    ok: [403],
    other: 403,
  },
  'GET /api/security/incidents': { req: get('/api/security/incidents') },
  'GET /api/security/incidents/assignees': { req: get('/api/security/incidents/assignees') },
  'GET /api/security/incidents/:id': { req: get((f) => `/api/security/incidents/${f.incidentId}`) },
  'PATCH /api/security/incidents/:id': {
    req: send((f) => `/api/security/incidents/${f.incidentId}`, { assignee_id: null }),
  },
  'POST /api/security/incidents/:id/notes': {
    req: send((f) => `/api/security/incidents/${f.incidentId}/notes`, { text: 'tm note' }),
  },
  // Merges two throw-away incidents of A; B names A's incidents: 404.
  'POST /api/security/incidents/merge': {
    req: async (f, _c, ctx) => ({
      url: '/api/security/incidents/merge',
      payload: {
        targetId: await insertIncident(ctx, f.organizationId),
        sourceIds: [await insertIncident(ctx, f.organizationId)],
      },
    }),
    other: 404,
  },
  'GET /api/security/metrics': { req: get('/api/security/metrics') },
  'GET /api/security/events': { req: get('/api/security/events') },
  'GET /api/security/events/:id': { req: get((f) => `/api/security/events/${f.eventId}`) },
  'POST /api/security/scan': { req: send('/api/security/scan', {}) },
  'GET /api/security/report': { req: get('/api/security/report?format=json') },
  'GET /api/security/policies': { req: get('/api/security/policies') },
  'PUT /api/security/policies': { req: send('/api/security/policies', DEFAULT_SECURITY_POLICY) },
};
