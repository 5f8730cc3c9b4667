// The connection tests of the caller organization's configured integrations, for the
// integration suite: SIEM Test Connection, cloud credential verification, SSO discovery and keys.
import { X509Certificate } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cloudConnections, ssoConfigs } from '../../db/schema.ts';
import type { ServerEgress } from '../../lib/egress.ts';
import type { Sealer } from '../../lib/sealed-secrets.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { type CloudScanners, scannerOf } from '../cloud/cloud.scanners.ts';
import type { SiemService } from '../siem/siem.service.ts';
import type { ConnectionCheck } from './probes.ts';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export type ConnectionCheckDeps = {
  db: Executor;
  siem: Pick<SiemService, 'list' | 'test'>;
  cloudSecrets: Sealer;
  scanners: CloudScanners;
  egress: Pick<ServerEgress, 'forUser'>;
};

export function connectionChecks(deps: ConnectionCheckDeps, auth: AuthContext) {
  return {
    async siem(): Promise<ConnectionCheck[]> {
      const { integrations } = await deps.siem.list(auth);
      const checks: ConnectionCheck[] = [];
      for (const integration of integrations) {
        const run = await deps.siem.test(auth, integration.id);
        checks.push({
          name: integration.name,
          ok: run.result.success,
          message: run.result.message,
        });
      }
      return checks;
    },

    async cloud(): Promise<ConnectionCheck[]> {
      const rows = await deps.db
        .select()
        .from(cloudConnections)
        .where(eq(cloudConnections.organizationId, auth.organizationId));
      const network = await deps.egress.forUser(auth.userId);
      const checks: ConnectionCheck[] = [];
      for (const row of rows) {
        try {
          const credentials = deps.cloudSecrets.open(
            row.organizationId,
            row.id,
            row.sealedCredentials,
          ) as never;
          const identity = await scannerOf(deps.scanners, row.provider).verify(credentials, {
            credentialFetch: network.fetch,
          });
          checks.push({ name: row.name, ok: true, message: `verified as ${identity.account}` });
        } catch (error) {
          checks.push({ name: row.name, ok: false, message: messageOf(error) });
        }
      }
      return checks;
    },

    async sso(): Promise<ConnectionCheck[]> {
      const rows = await deps.db
        .select()
        .from(ssoConfigs)
        .where(
          and(eq(ssoConfigs.organizationId, auth.organizationId), eq(ssoConfigs.enabled, true)),
        );
      const network = await deps.egress.forUser(auth.userId);
      const checks: ConnectionCheck[] = [];
      for (const row of rows) {
        if (row.protocol === 'oidc' && row.oidcIssuer) {
          checks.push(await oidcDiscovery(row.oidcIssuer, network.fetch));
        } else if (row.samlIdpCert) {
          checks.push(
            samlCertificate(row.samlIdpEntityId ?? 'SAML identity provider', row.samlIdpCert),
          );
        }
      }
      return checks;
    },
  };
}

async function oidcDiscovery(
  issuer: string,
  fetch: (url: string) => Promise<Response>,
): Promise<ConnectionCheck> {
  try {
    const discovery = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
    if (!discovery.ok)
      return { name: issuer, ok: false, message: `discovery answered HTTP ${discovery.status}` };
    const document = (await discovery.json()) as { issuer?: string; jwks_uri?: string };
    if (document.issuer !== issuer)
      return {
        name: issuer,
        ok: false,
        message: `discovery names issuer ${document.issuer ?? 'none'}`,
      };
    if (!document.jwks_uri)
      return { name: issuer, ok: false, message: 'discovery has no jwks_uri' };
    const jwks = await fetch(document.jwks_uri);
    const keys = jwks.ok ? (((await jwks.json()) as { keys?: unknown[] }).keys ?? []) : [];
    if (keys.length === 0)
      return { name: issuer, ok: false, message: `no signing key at ${document.jwks_uri}` };
    return { name: issuer, ok: true, message: `discovery and ${keys.length} signing keys loaded` };
  } catch (error) {
    return { name: issuer, ok: false, message: messageOf(error) };
  }
}

function samlCertificate(name: string, pem: string): ConnectionCheck {
  try {
    const text = pem.includes('BEGIN CERTIFICATE')
      ? pem
      : `-----BEGIN CERTIFICATE-----\n${pem}\n-----END CERTIFICATE-----`;
    const cert = new X509Certificate(text);
    const days = Math.floor((Date.parse(cert.validTo) - Date.now()) / 86_400_000);
    if (days < 0)
      return { name, ok: false, message: `the IdP signing certificate expired on ${cert.validTo}` };
    return {
      name,
      ok: true,
      message: `the IdP signing certificate is valid for ${days} more days`,
    };
  } catch (error) {
    return { name, ok: false, message: `the IdP certificate does not parse: ${messageOf(error)}` };
  }
}
