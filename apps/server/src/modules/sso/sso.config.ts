import {
  SSO_TEXT,
  type TSsoConfig,
  type TSsoConfigBody,
  type TTierTable,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import type { ServerEgress } from '../../lib/egress.ts';
import { AppError } from '../../lib/errors.ts';
import type { RequestMeta } from '../audit/audit.repo.ts';
import { appendSecurityEvents } from '../audit/security-events.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { hasMfa } from '../mfa/mfa.repo.ts';
import { toClaim } from './sso.domains.ts';
import type { OidcRelyingParty } from './sso.oidc.ts';
import { planIncludesSso } from './sso.plan.ts';
import * as repo from './sso.repo.ts';
import { certificateSha256, parseIdpMetadata } from './sso.saml-metadata.ts';
import type { createSsoSecretBox } from './sso.secret-box.ts';

type Deps = {
  db: Executor;
  tiers: TTierTable;
  box: ReturnType<typeof createSsoSecretBox>;
  oidc: Pick<OidcRelyingParty, 'check'>;
  urls: (organizationId: string) => TSsoConfig['service_provider'];
  egress: Pick<ServerEgress, 'forUser'>;
};

const notConfigured = () => new AppError('not_found', 404, SSO_TEXT.notConfigured);

/** The admin side of SSO: one configuration per organization, plan-gated, every change an event. */
export function createSsoConfigService({ db, tiers, box, oidc, urls, egress }: Deps) {
  async function assertPlan(organizationId: string) {
    if (!(await planIncludesSso(db, tiers, organizationId)))
      throw new AppError('payment_required', 402, SSO_TEXT.planRequired);
  }

  function toConfig(row: repo.SsoConfigRow, claims: repo.SsoDomainRow[]): TSsoConfig {
    const saml =
      row.samlIdpEntityId && row.samlIdpSsoUrl && row.samlIdpCert
        ? {
            idp_entity_id: row.samlIdpEntityId,
            idp_sso_url: row.samlIdpSsoUrl,
            idp_certificate_sha256: certificateSha256(row.samlIdpCert),
          }
        : null;
    return {
      protocol: row.protocol,
      enabled: row.enabled,
      domains: claims.map((claim) => claim.domain),
      domain_claims: claims.map(toClaim),
      default_role: row.defaultRole,
      groups_claim: row.groupsClaim,
      role_mappings: row.roleMappings,
      require_sso: row.requireSso,
      break_glass_user_id: row.breakGlassUserId,
      oidc:
        row.oidcIssuer && row.oidcClientId
          ? {
              issuer: row.oidcIssuer,
              client_id: row.oidcClientId,
              client_secret_set: row.oidcClientSecretEnc !== null,
            }
          : null,
      saml,
      service_provider: urls(row.organizationId),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  async function read(organizationId: string) {
    const row = await repo.findConfig(db, organizationId);
    return row ? toConfig(row, await repo.listClaims(db, organizationId)) : null;
  }

  async function assertBreakGlass(organizationId: string, body: TSsoConfigBody) {
    const userId = body.break_glass_user_id;
    if (!userId) {
      if (body.require_sso) throw new AppError('bad_request', 400, SSO_TEXT.breakGlassRequired);
      return;
    }
    if ((await repo.findRole(db, userId, organizationId)) !== 'admin')
      throw new AppError('bad_request', 400, SSO_TEXT.breakGlassNotAdmin);
    if (body.require_sso && !(await hasMfa(db, userId)))
      throw new AppError('bad_request', 400, SSO_TEXT.breakGlassNeedsMfa);
  }

  return {
    async get(auth: AuthContext) {
      return {
        sso: await read(auth.organizationId),
        service_provider: urls(auth.organizationId),
        available: await planIncludesSso(db, tiers, auth.organizationId),
      };
    },

    async save(auth: AuthContext, body: TSsoConfigBody, meta: RequestMeta) {
      const organizationId = auth.organizationId;
      await assertPlan(organizationId);
      const existing = await repo.findConfig(db, organizationId);
      const values: repo.NewSsoConfig = {
        organizationId,
        protocol: body.protocol,
        enabled: body.enabled,
        defaultRole: body.default_role,
        groupsClaim: body.groups_claim,
        roleMappings: body.role_mappings,
        requireSso: body.require_sso,
        breakGlassUserId: body.break_glass_user_id,
        oidcIssuer: existing?.oidcIssuer ?? null,
        oidcClientId: existing?.oidcClientId ?? null,
        oidcClientSecretEnc: existing?.oidcClientSecretEnc ?? null,
        samlIdpEntityId: existing?.samlIdpEntityId ?? null,
        samlIdpSsoUrl: existing?.samlIdpSsoUrl ?? null,
        samlIdpCert: existing?.samlIdpCert ?? null,
        updatedAt: new Date(),
      };
      if (body.oidc) {
        const sameClient =
          existing?.oidcIssuer === body.oidc.issuer &&
          existing?.oidcClientId === body.oidc.client_id;
        const secret =
          body.oidc.client_secret ||
          (sameClient && existing?.oidcClientSecretEnc
            ? box.open(organizationId, existing.oidcClientSecretEnc)
            : undefined);
        if (!secret) throw new AppError('bad_request', 400, SSO_TEXT.oidcFieldsRequired);
        await oidc.check(
          { issuer: body.oidc.issuer, clientId: body.oidc.client_id, clientSecret: secret },
          await egress.forUser(auth.userId),
        );
        values.oidcIssuer = body.oidc.issuer;
        values.oidcClientId = body.oidc.client_id;
        values.oidcClientSecretEnc = box.seal(organizationId, secret);
      }
      if (body.saml?.idp_metadata_xml) {
        const idp = parseIdpMetadata(body.saml.idp_metadata_xml);
        values.samlIdpEntityId = idp.entityId;
        values.samlIdpSsoUrl = idp.ssoUrl;
        values.samlIdpCert = idp.certificate;
      }
      if (body.protocol === 'saml' && !values.samlIdpCert)
        throw new AppError('bad_request', 400, SSO_TEXT.samlMetadataRequired);
      if (body.protocol === 'oidc' && !values.oidcClientSecretEnc)
        throw new AppError('bad_request', 400, SSO_TEXT.oidcFieldsRequired);
      await assertBreakGlass(organizationId, body);

      await db.transaction(async (tx) => {
        // A claim routes nothing until its organization proves it holds the domain (DNS); a
        // domain another organization holds verified cannot be claimed.
        const { taken, added, removed } = await repo.saveConfig(tx, values, body.domains);
        if (taken) throw new AppError('conflict', 409, SSO_TEXT.domainTaken(taken));
        await appendSecurityEvents(tx, [
          {
            userId: auth.userId,
            organizationId,
            eventType: 'privilege_escalation',
            severity: 'medium',
            description: existing ? 'SSO configuration changed' : 'SSO configuration created',
            metadata: {
              action: existing ? 'sso.update' : 'sso.create',
              protocol: body.protocol,
              enabled: body.enabled,
              domains: body.domains,
              domains_claimed: added,
              domains_dropped: removed,
              default_role: body.default_role,
              role_mappings: body.role_mappings,
              require_sso: body.require_sso,
              break_glass_user_id: body.break_glass_user_id,
              client_secret_changed: Boolean(body.oidc?.client_secret),
              idp_metadata_changed: Boolean(body.saml?.idp_metadata_xml),
            },
            ipAddress: meta.ip,
            userAgent: meta.userAgent,
          },
        ]);
      });
      return this.get(auth);
    },

    async remove(auth: AuthContext, meta: RequestMeta) {
      await db.transaction(async (tx) => {
        if (!(await repo.deleteConfig(tx, auth.organizationId))) throw notConfigured();
        await appendSecurityEvents(tx, [
          {
            userId: auth.userId,
            organizationId: auth.organizationId,
            eventType: 'privilege_escalation',
            severity: 'medium',
            description: 'SSO configuration removed',
            metadata: { action: 'sso.delete' },
            ipAddress: meta.ip,
            userAgent: meta.userAgent,
          },
        ]);
      });
    },
  };
}

export type SsoConfigService = ReturnType<typeof createSsoConfigService>;
