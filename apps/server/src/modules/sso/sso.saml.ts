import type { TSsoFailureReason } from '@netguard/contracts';
import { type CacheProvider, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { SsoFailure, type SsoIdentity } from './sso.identity.ts';
import { toGroups } from './sso.oidc.ts';

export type SamlIdp = { entityId: string; ssoUrl: string; certificate: string };
export type SamlSp = { entityId: string; acsUrl: string };

const CLOCK_SKEW_MS = 60_000;

/** Why node-saml refused a response, as a reason for the user and the security event. */
function reasonOf(message: string): TSsoFailureReason {
  if (/signature/i.test(message)) return 'invalid_signature';
  // A subject confirmation is only refused for its NotOnOrAfter once InResponseTo matched.
  if (/expired|not yet valid|too old|no valid subject confirmation/i.test(message))
    return 'expired';
  if (/audience/i.test(message)) return 'wrong_audience';
  if (/InResponseTo/i.test(message)) return 'invalid_state';
  return 'invalid_token';
}

/** node-saml's request-id cache, answering only for the one request a sign-in started. */
function cacheFor(expected: string | null, saved?: (id: string) => void): CacheProvider {
  return {
    saveAsync: async (key, value) => {
      saved?.(key);
      return { value, createdAt: Date.now() };
    },
    // node-saml reads the value as the request's creation time; the sign-in's own expiry is
    // checked before validation.
    getAsync: async (key) =>
      expected !== null && key === expected ? new Date().toISOString() : null,
    removeAsync: async (key) => key,
  };
}

const samlFor = (sp: SamlSp, idp: SamlIdp | null, cacheProvider: CacheProvider) =>
  new SAML({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    audience: sp.entityId,
    entryPoint: idp?.ssoUrl,
    idpIssuer: idp?.entityId,
    idpCert: idp?.certificate ?? 'none',
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    cacheProvider,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
  });

/** SAML 2.0 service provider: HTTP-Redirect AuthnRequests, HTTP-POST signed assertions. */
export const samlServiceProvider = {
  /** The SP metadata an IdP imports. */
  metadata(sp: SamlSp): string {
    return samlFor(sp, null, cacheFor(null)).generateServiceProviderMetadata(null, null);
  },

  /** The IdP URL carrying a new AuthnRequest, and that request's id (kept for InResponseTo). */
  async start(sp: SamlSp, idp: SamlIdp, relayState: string) {
    let requestId = '';
    const saml = samlFor(
      sp,
      idp,
      cacheFor(null, (id) => (requestId = id)),
    );
    const url = await saml.getAuthorizeUrlAsync(relayState, undefined, {});
    return { url, requestId };
  },

  /** Validates a posted SAMLResponse for the request `requestId`; the user's attributes. */
  async finish(
    sp: SamlSp,
    idp: SamlIdp,
    requestId: string,
    body: { SAMLResponse: string },
    groupsAttribute: string,
  ): Promise<SsoIdentity> {
    const saml = samlFor(sp, idp, cacheFor(requestId));
    try {
      const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: body.SAMLResponse });
      if (!profile) throw new SsoFailure('invalid_token', 'the response holds no assertion');
      const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
      const mail = attributes.email ?? attributes.mail ?? profile.email;
      const nameId = /@/.test(profile.nameID) ? profile.nameID : undefined;
      return {
        subject: profile.nameID,
        email: typeof mail === 'string' ? mail : nameId,
        groups: toGroups(attributes[groupsAttribute]),
      };
    } catch (error) {
      if (error instanceof SsoFailure) throw error;
      const message = (error as Error).message || 'invalid response';
      throw new SsoFailure(reasonOf(message), message);
    }
  },
};
