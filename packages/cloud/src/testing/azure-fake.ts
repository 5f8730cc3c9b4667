// A fake of Microsoft Entra (client-credentials tokens, OpenID metadata) and of the Azure Resource
// Manager operations the Azure collectors call, serving plain state objects the tests edit. Payloads
// have the shape ARM returns (resources with nested `properties`, lists as `{ value }`).
import { randomUUID } from 'node:crypto';
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

export type AzureFakeState = {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  subscriptionId: string;
  nsgs: Json[];
  nics: Json[];
  publicIps: Json[];
  groups: Json[];
  locks: Json[];
  vaults: Json[];
  storageAccounts: Json[];
  sqlServers: {
    server: Json;
    firewallRules: Json[];
    auditingState: 'Enabled' | 'Disabled';
    auditingRetentionDays?: number;
  }[];
  /** Defender for Cloud plans, in ARM's shape ({ name, properties: { pricingTier } }). */
  pricings: Json[];
};

export type AzureFake = HttpsFake & { state: AzureFakeState };

const armError = (status: number, code: string, message: string): FakeReply => ({
  status,
  json: { error: { code, message } },
});

function tokenReply(
  state: AzureFakeState,
  tokens: Map<string, string>,
  req: FakeRequest,
): FakeReply {
  const form = new URLSearchParams(req.body);
  if (
    form.get('client_id') !== state.clientId ||
    form.get('client_secret') !== state.clientSecret
  ) {
    return {
      status: 401,
      json: {
        error: 'invalid_client',
        error_description: `AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${form.get('client_id')}'. Trace ID: ${randomUUID()}`,
        error_codes: [7000215],
      },
    };
  }
  const token = `fake-entra-${randomUUID()}`;
  tokens.set(token, form.get('scope') ?? '');
  return {
    json: { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: token },
  };
}

function openIdReply(req: FakeRequest, tenant: string): FakeReply {
  const base = `https://${req.headers.host}/${tenant}`;
  return {
    json: {
      token_endpoint: `${base}/oauth2/v2.0/token`,
      authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
      end_session_endpoint: `${base}/oauth2/v2.0/logout`,
      jwks_uri: `${base}/discovery/v2.0/keys`,
      issuer: `${base}/v2.0`,
      token_endpoint_auth_methods_supported: ['client_secret_post', 'private_key_jwt'],
    },
  };
}

/** ARM operations (reads unless `method` says otherwise): bearer token and api-version required, as the real service does. */
function arm(
  tokens: Map<string, string>,
  operation: string,
  path: string,
  answer: (req: FakeRequest) => FakeReply,
  method = 'GET',
): Route {
  return {
    operation,
    method,
    path: new RegExp(`^${path}$`, 'i'),
    reply: (req) => {
      const scope = tokens.get(bearerOf(req));
      if (scope === undefined)
        return armError(401, 'InvalidAuthenticationToken', 'The access token is invalid.');
      if (scope !== `https://${req.headers.host}/.default`) {
        return armError(
          401,
          'InvalidAuthenticationTokenAudience',
          `The access token has been obtained for wrong audience or resource '${scope}'.`,
        );
      }
      if (!req.query.get('api-version'))
        return armError(
          400,
          'MissingApiVersionParameter',
          'The api-version query parameter (?api-version=) is required for all requests.',
        );
      return answer(req);
    },
  };
}

/** An ARM list page; nextLink is absolute and keeps the api-version, as ARM's are. */
function list(req: FakeRequest, items: unknown[]): FakeReply {
  const { page, next } = pageOf(items, req.query.get('$skiptoken'));
  const nextLink =
    next &&
    `https://${req.headers.host}${req.path}?api-version=${req.query.get('api-version')}&$skiptoken=${next}`;
  return { json: { value: page, ...(nextLink ? { nextLink } : {}) } };
}
const SUB = '/subscriptions/([^/]+)';
const PROVIDERS = `${SUB}/providers`;
const SQL_SERVER = `${SUB}/resourceGroups/([^/]+)/providers/Microsoft.Sql/servers/([^/]+)`;
const NSG = `${SUB}/resourceGroups/([^/]+)/providers/Microsoft.Network/networkSecurityGroups/([^/]+)`;

/** The NSG a request names (ids compare case-insensitively, as ARM's do). */
const nsgOf = (state: AzureFakeState, req: FakeRequest) => {
  const [sub, group, name] = req.params;
  const id = `/subscriptions/${sub}/resourceGroups/${group}/providers/Microsoft.Network/networkSecurityGroups/${name}`;
  return state.nsgs.find((n) => String(n.id).toLowerCase() === id.toLowerCase());
};
const rulesOf = (nsg: Json) => (nsg.properties as { securityRules: Json[] }).securityRules;
const nsgMissing = (req: FakeRequest) =>
  armError(
    404,
    'ResourceNotFound',
    `The Resource 'Microsoft.Network/networkSecurityGroups/${req.params[2]}' under resource group '${req.params[1]}' was not found.`,
  );

/** Reads one NSG, deletes one of its rules and writes one (PUT creates or replaces), synchronously. */
function nsgRoutes(state: AzureFakeState, tokens: Map<string, string>): Route[] {
  const rule = `${NSG}/securityRules/([^/]+)`;
  return [
    arm(tokens, 'NetworkSecurityGroups.Get', NSG, (req) => {
      const nsg = nsgOf(state, req);
      return nsg ? { json: nsg } : nsgMissing(req);
    }),
    arm(
      tokens,
      'SecurityRules.Delete',
      rule,
      (req) => {
        const nsg = nsgOf(state, req);
        if (!nsg) return nsgMissing(req);
        const rules = rulesOf(nsg);
        const at = rules.findIndex((r) => r.name === req.params[3]);
        if (at < 0) return { status: 204 };
        rules.splice(at, 1);
        return { status: 200 };
      },
      'DELETE',
    ),
    arm(
      tokens,
      'SecurityRules.CreateOrUpdate',
      rule,
      (req) => {
        const nsg = nsgOf(state, req);
        if (!nsg) return nsgMissing(req);
        const name = req.params[3] as string;
        const body = JSON.parse(req.body || '{}') as Json;
        const written = {
          id: `${nsg.id}/securityRules/${name}`,
          name,
          properties: body.properties,
        };
        const rules = rulesOf(nsg);
        const at = rules.findIndex((r) => r.name === name);
        if (at < 0) rules.push(written);
        else rules[at] = written;
        const properties = { ...(body.properties as Json), provisioningState: 'Succeeded' };
        return { status: at < 0 ? 201 : 200, json: { ...written, properties } };
      },
      'PUT',
    ),
  ];
}

export async function startAzureFake(tls: TestTls, state: AzureFakeState): Promise<AzureFake> {
  /** Issued tokens and the scope each was issued for. */
  const tokens = new Map<string, string>();
  const server = (req: FakeRequest) =>
    state.sqlServers.find((s) => s.server.name === req.params[2]);
  const routes: Route[] = [
    {
      operation: 'Entra.Token',
      method: 'POST',
      path: /^\/([^/]+)\/oauth2\/v2\.0\/token$/,
      reply: (req) => tokenReply(state, tokens, req),
    },
    {
      operation: 'Entra.OpenIdConfiguration',
      method: 'GET',
      path: /^\/([^/]+)\/v2\.0\/\.well-known\/openid-configuration$/,
      reply: (req) => openIdReply(req, req.params[0] ?? ''),
    },
    arm(tokens, 'Subscriptions.Get', SUB, (req) =>
      req.params[0] === state.subscriptionId
        ? {
            json: {
              id: `/subscriptions/${state.subscriptionId}`,
              subscriptionId: state.subscriptionId,
              displayName: 'NetGuard test subscription',
              state: 'Enabled',
              tenantId: state.tenantId,
            },
          }
        : armError(
            404,
            'SubscriptionNotFound',
            `The subscription '${req.params[0]}' could not be found.`,
          ),
    ),
    arm(
      tokens,
      'NetworkSecurityGroups.ListAll',
      `${PROVIDERS}/Microsoft.Network/networkSecurityGroups`,
      (req) => list(req, state.nsgs),
    ),
    ...nsgRoutes(state, tokens),
    arm(
      tokens,
      'NetworkInterfaces.ListAll',
      `${PROVIDERS}/Microsoft.Network/networkInterfaces`,
      (req) => list(req, state.nics),
    ),
    arm(
      tokens,
      'PublicIPAddresses.ListAll',
      `${PROVIDERS}/Microsoft.Network/publicIPAddresses`,
      (req) => list(req, state.publicIps),
    ),
    arm(tokens, 'ResourceGroups.List', `${SUB}/resourcegroups`, (req) => list(req, state.groups)),
    arm(
      tokens,
      'ManagementLocks.ListAtSubscriptionLevel',
      `${PROVIDERS}/Microsoft.Authorization/locks`,
      (req) => list(req, state.locks),
    ),
    arm(tokens, 'Vaults.ListBySubscription', `${PROVIDERS}/Microsoft.KeyVault/vaults`, (req) =>
      list(req, state.vaults),
    ),
    arm(tokens, 'StorageAccounts.List', `${PROVIDERS}/Microsoft.Storage/storageAccounts`, (req) =>
      list(req, state.storageAccounts),
    ),
    arm(tokens, 'Servers.List', `${PROVIDERS}/Microsoft.Sql/servers`, (req) =>
      list(
        req,
        state.sqlServers.map((s) => s.server),
      ),
    ),
    arm(tokens, 'FirewallRules.ListByServer', `${SQL_SERVER}/firewallRules`, (req) =>
      list(req, server(req)?.firewallRules ?? []),
    ),
    arm(
      tokens,
      'ServerBlobAuditingPolicies.Get',
      `${SQL_SERVER}/auditingSettings/default`,
      (req) => ({
        json: {
          id: `${req.path}`,
          name: 'default',
          type: 'Microsoft.Sql/servers/auditingSettings',
          properties: {
            state: server(req)?.auditingState ?? 'Disabled',
            retentionDays: server(req)?.auditingRetentionDays ?? 0,
          },
        },
      }),
    ),
    arm(tokens, 'Pricings.List', `${PROVIDERS}/Microsoft.Security/pricings`, (req) => ({
      json: { value: state.pricings.map((p) => ({ id: `${req.path}/${p.name}`, ...p })) },
    })),
  ];
  const fake = await startHttpsFake(tls, routes);
  return { ...fake, state };
}
