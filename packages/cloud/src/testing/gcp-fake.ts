// A fake of Google's OAuth token endpoint (JWT-bearer grant, signature checked against the test
// key) and of the Google API operations the GCP collectors call (compute/v1, storage/v1,
// cloudresourcemanager/v1, iam/v1, sqladmin/v1), serving plain state objects the tests edit.
import { createPublicKey, randomUUID, verify } from 'node:crypto';
import {
  bearerOf,
  type FakeReply,
  type FakeRequest,
  type HttpsFake,
  pageOf,
  type Route,
  startHttpsFake,
} from './https-fake.ts';
import type { TestTls } from './test-ca.ts';

type Json = Record<string, unknown>;

export type GcpFakeState = {
  projectId: string;
  /** PEM of the public half of the service-account key the fake accepts. */
  publicKey: string;
  firewalls: Json[];
  networks: Json[];
  /** Instances per zone, as aggregatedList groups them. */
  instances: Record<string, Json[]>;
  buckets: { bucket: Json; policy: Json }[];
  projectPolicy: Json;
  serviceAccounts: { account: Json; keys: Json[] }[];
  sqlInstances: Json[];
};

export type GcpFake = HttpsFake & { state: GcpFakeState };

export const googleError = (code: number, status: string, message: string): FakeReply => ({
  status: code,
  json: {
    error: {
      code,
      message,
      status,
      errors: [{ message, domain: 'global', reason: status.toLowerCase() }],
    },
  },
});

function tokenReply(state: GcpFakeState, tokens: Set<string>, req: FakeRequest): FakeReply {
  const form = new URLSearchParams(req.body);
  const [header = '', payload = '', signature = ''] = (form.get('assertion') ?? '').split('.');
  const signed = verify(
    'RSA-SHA256',
    Buffer.from(`${header}.${payload}`),
    createPublicKey(state.publicKey),
    Buffer.from(signature, 'base64url'),
  );
  if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !signed) {
    return {
      status: 400,
      json: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' },
    };
  }
  const token = `fake-google-${randomUUID()}`;
  tokens.add(token);
  return { json: { access_token: token, expires_in: 3599, token_type: 'Bearer' } };
}

/** A project id in a path. */
const P = '([^/:]+)';

/** A Google list page under `key`, with nextPageToken while more remain. */
function page(req: FakeRequest, key: string, items: unknown[], extra: Json = {}): FakeReply {
  const { page: slice, next } = pageOf(items, req.query.get('pageToken'));
  return { json: { ...extra, [key]: slice, ...(next ? { nextPageToken: next } : {}) } };
}

/** Google API reads: a bearer token the fake issued, and the state's project (path or ?project=). */
function api(
  state: GcpFakeState,
  tokens: Set<string>,
  operation: string,
  method: string,
  path: string,
  answer: (req: FakeRequest) => FakeReply,
): Route {
  return {
    operation,
    method,
    path: new RegExp(`^${path}$`),
    reply: (req) => {
      if (!tokens.has(bearerOf(req)))
        return googleError(
          401,
          'UNAUTHENTICATED',
          'Request had invalid authentication credentials.',
        );
      const project = path.includes(P) ? req.params[0] : req.query.get('project');
      if (project === null || project === state.projectId) return answer(req);
      return googleError(
        403,
        'PERMISSION_DENIED',
        `Permission denied on resource project ${project}.`,
      );
    },
  };
}

/** A finished compute operation, as the API answers an insert or delete that completed. */
const doneOperation = (req: FakeRequest, kind: string, name: string): FakeReply => ({
  json: {
    kind: 'compute#operation',
    name: `operation-${randomUUID()}`,
    operationType: kind,
    targetLink: `https://www.googleapis.com/compute/v1/projects/${req.params[0]}/global/firewalls/${name}`,
    status: 'DONE',
    progress: 100,
  },
});

/** Replaces `policy` with the one sent, refusing a stale etag as Google does; a new etag each time. */
function setPolicy(policy: Json, sent: Json | undefined): FakeReply {
  if (sent?.etag !== undefined && sent.etag !== policy.etag)
    return googleError(
      409,
      'ABORTED',
      'There were concurrent policy changes. Please retry the whole read-modify-write with exponential backoff.',
    );
  for (const key of Object.keys(policy)) delete policy[key];
  Object.assign(policy, sent, { etag: Buffer.from(randomUUID()).toString('base64').slice(0, 12) });
  return { json: policy };
}

/** Writes: a firewall rule read, deleted and inserted; project and bucket IAM policies set. */
function writeRoutes(
  state: GcpFakeState,
  route: (
    operation: string,
    method: string,
    path: string,
    answer: (req: FakeRequest) => FakeReply,
  ) => Route,
): Route[] {
  const firewalls = `/compute/v1/projects/${P}/global/firewalls`;
  const at = (req: FakeRequest) => state.firewalls.findIndex((f) => f.name === req.params[1]);
  const missing = (req: FakeRequest) =>
    googleError(
      404,
      'NOT_FOUND',
      `The resource 'projects/${req.params[0]}/global/firewalls/${req.params[1]}' was not found`,
    );
  return [
    route('firewalls.get', 'GET', `${firewalls}/([^/]+)`, (req) =>
      at(req) < 0 ? missing(req) : { json: state.firewalls[at(req)] },
    ),
    route('firewalls.delete', 'DELETE', `${firewalls}/([^/]+)`, (req) => {
      if (at(req) < 0) return missing(req);
      state.firewalls.splice(at(req), 1);
      return doneOperation(req, 'delete', req.params[1] as string);
    }),
    route('firewalls.insert', 'POST', firewalls, (req) => {
      const body = JSON.parse(req.body || '{}') as Json;
      const name = String(body.name);
      if (state.firewalls.some((f) => f.name === name))
        return googleError(
          409,
          'ALREADY_EXISTS',
          `The resource 'projects/${req.params[0]}/global/firewalls/${name}' already exists`,
        );
      const selfLink = `https://www.googleapis.com/compute/v1/projects/${req.params[0]}/global/firewalls/${name}`;
      state.firewalls.push({ kind: 'compute#firewall', ...body, selfLink });
      return doneOperation(req, 'insert', name);
    }),
    route('projects.setIamPolicy', 'POST', `/v1/projects/${P}:setIamPolicy`, (req) =>
      setPolicy(state.projectPolicy, (JSON.parse(req.body || '{}') as Json).policy as Json),
    ),
    route('buckets.setIamPolicy', 'PUT', '/storage/v1/b/([^/]+)/iam', (req) => {
      const found = state.buckets.find((b) => b.bucket.name === req.params[0]);
      if (!found) return googleError(404, 'NOT_FOUND', 'The specified bucket does not exist.');
      const { kind: _kind, resourceId: _id, ...sent } = JSON.parse(req.body || '{}') as Json;
      return setPolicy(found.policy, sent);
    }),
  ];
}

export async function startGcpFake(tls: TestTls, state: GcpFakeState): Promise<GcpFake> {
  const tokens = new Set<string>();
  const route = (
    operation: string,
    method: string,
    path: string,
    answer: (req: FakeRequest) => FakeReply,
  ) => api(state, tokens, operation, method, path, answer);
  const bucket = (req: FakeRequest) => state.buckets.find((b) => b.bucket.name === req.params[0]);
  const routes: Route[] = [
    {
      operation: 'oauth2.token',
      method: 'POST',
      path: /^\/token$/,
      reply: (req) => tokenReply(state, tokens, req),
    },
    route('projects.get', 'GET', `/v1/projects/${P}`, () => ({
      json: {
        projectNumber: '123456789012',
        projectId: state.projectId,
        name: 'NetGuard test project',
        lifecycleState: 'ACTIVE',
      },
    })),
    route('projects.getIamPolicy', 'POST', `/v1/projects/${P}:getIamPolicy`, () => ({
      json: state.projectPolicy,
    })),
    route('firewalls.list', 'GET', `/compute/v1/projects/${P}/global/firewalls`, (req) =>
      page(req, 'items', state.firewalls, { kind: 'compute#firewallList' }),
    ),
    route('networks.list', 'GET', `/compute/v1/projects/${P}/global/networks`, (req) =>
      page(req, 'items', state.networks, { kind: 'compute#networkList' }),
    ),
    route(
      'instances.aggregatedList',
      'GET',
      `/compute/v1/projects/${P}/aggregated/instances`,
      () => ({
        json: {
          kind: 'compute#instanceAggregatedList',
          items: Object.fromEntries(
            Object.entries(state.instances).map(([zone, instances]) => [
              `zones/${zone}`,
              { instances },
            ]),
          ),
        },
      }),
    ),
    route('buckets.list', 'GET', '/storage/v1/b', (req) =>
      page(
        req,
        'items',
        state.buckets.map((b) => b.bucket),
        { kind: 'storage#buckets' },
      ),
    ),
    route('buckets.getIamPolicy', 'GET', '/storage/v1/b/([^/]+)/iam', (req) => {
      const found = bucket(req);
      return found
        ? { json: { kind: 'storage#policy', ...found.policy } }
        : googleError(404, 'NOT_FOUND', 'The specified bucket does not exist.');
    }),
    route('projects.serviceAccounts.list', 'GET', `/v1/projects/${P}/serviceAccounts`, (req) =>
      page(
        req,
        'accounts',
        state.serviceAccounts.map((s) => s.account),
      ),
    ),
    route(
      'projects.serviceAccounts.keys.list',
      'GET',
      `/v1/projects/${P}/serviceAccounts/([^/]+)/keys`,
      (req) => {
        const types = req.query.getAll('keyTypes');
        const keys =
          state.serviceAccounts.find((s) => s.account.email === req.params[1])?.keys ?? [];
        return {
          json: { keys: keys.filter((k) => !types.length || types.includes(String(k.keyType))) },
        };
      },
    ),
    route('instances.list', 'GET', `/v1/projects/${P}/instances`, (req) =>
      page(req, 'items', state.sqlInstances, { kind: 'sql#instancesList' }),
    ),
    ...writeRoutes(state, route),
  ];
  const fake = await startHttpsFake(tls, routes);
  return { ...fake, state };
}
