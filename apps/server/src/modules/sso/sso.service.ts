import { randomUUID } from 'node:crypto';
import { SSO_LIMITS, SSO_TEXT, type TSsoProtocol, type TTierTable } from '@netguard/contracts';
import type { SsoDnsSettings } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto.ts';
import type { ServerEgress } from '../../lib/egress.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { RequestMeta } from '../audit/audit.repo.ts';
import type { IssuedSession, SessionService } from '../auth/sessions.service.ts';
import { createSsoConfigService } from './sso.config.ts';
import { createDomainChecker } from './sso.dns.ts';
import { createSsoDomainService } from './sso.domains.ts';
import { SsoFailure } from './sso.identity.ts';
import { createOidcClient, unreachable } from './sso.oidc.ts';
import { passwordGate, planIncludesSso } from './sso.plan.ts';
import * as repo from './sso.repo.ts';
import { samlServiceProvider } from './sso.saml.ts';
import { createSsoSecretBox } from './sso.secret-box.ts';
import { createSsoCompletion } from './sso.sign-in.ts';

type Deps = {
  db: Executor;
  secret: string;
  sessions: SessionService;
  publicUrl: string;
  tiers: TTierTable;
  /** Identity providers are reached through it: a configuration acts for its organization. */
  egress: Pick<ServerEgress, 'forUser' | 'tenant'>;
  /** Where the TXT records proving domains are looked up. */
  dns: SsoDnsSettings;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Single sign-on: the admin configuration (OIDC or SAML per organization) and the public
 * sign-in (domain routing, OIDC code + PKCE callback, SAML ACS) ending in a normal session.
 */
export function createSsoService({ db, secret, sessions, publicUrl, tiers, egress, dns }: Deps) {
  const oidcRedirectUri = `${publicUrl}/api/sso/oidc/callback`;
  const urls = (organizationId: string) => {
    const base = `${publicUrl}/api/sso/saml/${organizationId}`;
    return {
      oidc_redirect_uri: oidcRedirectUri,
      saml_entity_id: `${base}/metadata`,
      saml_acs_url: `${base}/acs`,
      saml_metadata_url: `${base}/metadata`,
    };
  };
  const sp = (organizationId: string) => {
    const u = urls(organizationId);
    return { entityId: u.saml_entity_id, acsUrl: u.saml_acs_url };
  };
  const box = createSsoSecretBox(secret);
  const oidc = createOidcClient(oidcRedirectUri);
  const completion = createSsoCompletion({ db, sessions });
  const config = createSsoConfigService({ db, tiers, box, oidc, urls, egress });
  const domains = createSsoDomainService({
    db,
    checker: createDomainChecker(dns),
    planIncludesSso: (organizationId) => planIncludesSso(db, tiers, organizationId),
  });

  const oidcClient = (row: repo.SsoConfigRow) => ({
    issuer: row.oidcIssuer ?? '',
    clientId: row.oidcClientId ?? '',
    clientSecret: row.oidcClientSecretEnc
      ? box.open(row.organizationId, row.oidcClientSecretEnc)
      : '',
  });
  const samlIdp = (row: repo.SsoConfigRow) => ({
    entityId: row.samlIdpEntityId ?? '',
    ssoUrl: row.samlIdpSsoUrl ?? '',
    certificate: row.samlIdpCert ?? '',
  });

  /**
   * The started sign-in a callback names, still unused and unexpired, with its organization's
   * enabled configuration on a plan that includes SSO; every refusal is an event.
   */
  async function resume(
    state: string | undefined,
    protocol: TSsoProtocol,
    meta: RequestMeta,
    check: (login: repo.SsoLoginRow) => boolean,
  ) {
    const login = state && UUID.test(state) ? await repo.findLogin(db, state) : undefined;
    const context = { organizationId: login?.organizationId ?? null, protocol };
    if (!login || login.protocol !== protocol || !check(login))
      throw await completion.refuse({ reason: 'invalid_state' }, context, meta);
    if (login.usedAt) throw await completion.refuse({ reason: 'replayed' }, context, meta);
    if (login.expiresAt.getTime() <= Date.now())
      throw await completion.refuse({ reason: 'expired' }, context, meta);
    const row = await repo.findConfig(db, login.organizationId);
    if (
      !row?.enabled ||
      row.protocol !== protocol ||
      !(await planIncludesSso(db, tiers, row.organizationId))
    )
      throw await completion.refuse({ reason: 'not_available' }, context, meta);
    // Single use: a second callback with the same state (or SAML request) is a replay.
    if (!(await repo.consumeLogin(db, login.id)))
      throw await completion.refuse({ reason: 'replayed' }, context, meta);
    return { login, row };
  }

  async function finish<T>(row: repo.SsoConfigRow, meta: RequestMeta, run: () => Promise<T>) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof SsoFailure)) throw error;
      throw await completion.refuse(
        { reason: error.reason, detail: error.message },
        { organizationId: row.organizationId, protocol: row.protocol },
        meta,
      );
    }
  }

  return {
    config,
    domains,

    /** "Require SSO" for a password sign-in of `userId` (the auth module's gate). */
    passwordGate: (userId: string) => passwordGate(db, tiers, userId),

    /**
     * "Sign in with SSO": the provider of the e-mail's verified domain and a new single-use
     * sign-in bound to this browser (the returned token goes into a cookie).
     */
    async start(email: string): Promise<{ redirectUrl: string; browserToken: string }> {
      const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
      const row = await repo.findConfigByDomain(db, domain);
      if (!row) throw new AppError('not_found', 404, SSO_TEXT.noProviderForDomain(domain));
      if (!(await planIncludesSso(db, tiers, row.organizationId)))
        throw new AppError('payment_required', 402, SSO_TEXT.planRequired);
      const id = randomUUID();
      const browserToken = randomToken();
      const base = {
        id,
        organizationId: row.organizationId,
        protocol: row.protocol,
        browserHash: sha256(browserToken),
        expiresAt: new Date(Date.now() + SSO_LIMITS.loginTtlMinutes * 60_000),
      };
      if (row.protocol === 'oidc') {
        const started = await oidc
          .start(oidcClient(row), id, egress.tenant())
          .catch((error: unknown) => {
            const reason = unreachable(error);
            throw new AppError(
              'service_unavailable',
              503,
              SSO_TEXT.discoveryFailed(row.oidcIssuer ?? '', reason),
            );
          });
        await repo.insertLogin(db, {
          ...base,
          codeVerifier: started.codeVerifier,
          nonce: started.nonce,
        });
        return { redirectUrl: started.url, browserToken };
      }
      const started = await samlServiceProvider.start(sp(row.organizationId), samlIdp(row), id);
      await repo.insertLogin(db, { ...base, requestId: started.requestId });
      return { redirectUrl: started.url, browserToken };
    },

    /** The OIDC redirect back: state bound to this browser, code + PKCE verifier, ID token checks. */
    async oidcCallback(
      callbackUrl: URL,
      browserToken: string | undefined,
      meta: RequestMeta,
    ): Promise<IssuedSession> {
      const state = callbackUrl.searchParams.get('state') ?? undefined;
      const { login, row } = await resume(
        state,
        'oidc',
        meta,
        (found) => browserToken !== undefined && safeEqual(found.browserHash, sha256(browserToken)),
      );
      const identity = await finish(row, meta, () =>
        oidc.finish(
          oidcClient(row),
          callbackUrl,
          { state: login.id, codeVerifier: login.codeVerifier ?? '', nonce: login.nonce ?? '' },
          row.groupsClaim,
          egress.tenant(),
        ),
      );
      return completion.complete(row, identity, meta);
    },

    /** The SAML POST back: RelayState names the sign-in, InResponseTo must be its request. */
    async samlAcs(
      organizationId: string,
      body: { SAMLResponse?: string; RelayState?: string },
      meta: RequestMeta,
    ): Promise<IssuedSession> {
      const { login, row } = await resume(
        body.RelayState,
        'saml',
        meta,
        (found) => found.organizationId === organizationId && Boolean(body.SAMLResponse),
      );
      const identity = await finish(row, meta, () =>
        samlServiceProvider.finish(
          sp(organizationId),
          samlIdp(row),
          login.requestId ?? '',
          { SAMLResponse: body.SAMLResponse ?? '' },
          row.groupsClaim,
        ),
      );
      return completion.complete(row, identity, meta);
    },

    /** The SP metadata of an organization with a SAML configuration. */
    async samlMetadata(organizationId: string): Promise<string> {
      const row = await repo.findConfig(db, organizationId);
      if (row?.protocol !== 'saml') throw notFound('SAML configuration');
      return samlServiceProvider.metadata(sp(organizationId));
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
