import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { decodeJwt, importJWK, SignJWT } from 'jose';
// @ts-expect-error oidc-provider ships no type declarations
import Provider from 'oidc-provider';
import { SignedXml } from 'xml-crypto';

export type IdpUser = { email: string; groups: string[] };

/** Listens on `host` (a test file's own loopback address; the browser tests use 127.0.0.1). */
const listen = async (server: http.Server, host: string) => {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
};

const readBody = async (req: http.IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 with one confidential client.
 * Sign-in is the account named by the login form (or `nextLogin`); consent is implied.
 * `mutateIdToken` rewrites the ID token the token endpoint returns (tampering tests), and
 * `signIdToken` signs claims with the provider's own key.
 */
export async function startOidcIdp(redirectUri: string, host = '127.0.0.1') {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = {
    ...privateKey.export({ format: 'jwk' }),
    kid: 'test-key',
    use: 'sig',
    alg: 'RS256',
  };
  const users = new Map<string, IdpUser>();
  const state = {
    nextLogin: '',
    mutateIdToken: null as null | ((idToken: string) => Promise<string> | string),
  };
  const server = http.createServer();
  const port = await listen(server, host);
  const issuer = `http://${host}:${port}`;
  const client = { clientId: 'netguard-test', clientSecret: `secret-${randomUUID()}` };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['oidc-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx: unknown, sub: string) => {
      const user = users.get(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: user.email,
          email_verified: true,
          name: sub,
          groups: user.groups,
        }),
      };
    },
    loadExistingGrant: async (ctx: {
      oidc: {
        provider: { Grant: new (o: object) => Grant };
        client: { clientId: string };
        session: { accountId: string };
      };
    }) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  type Grant = { addOIDCScope: (scope: string) => void; save: () => Promise<string> };
  const handler = provider.callback();

  server.on('request', async (req: http.IncomingMessage, res: http.ServerResponse) => {
    try {
      if (req.url?.startsWith('/interaction/')) {
        if (req.method === 'GET' && !state.nextLogin) {
          res.setHeader('content-type', 'text/html');
          res.end(
            `<!doctype html><form method="post"><label>E-mail <input name="login" autofocus></label><button type="submit">Sign in to the test IdP</button></form>`,
          );
          return;
        }
        const login =
          req.method === 'POST'
            ? (new URLSearchParams(await readBody(req)).get('login') ?? '')
            : state.nextLogin;
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: login } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const mutate = state.mutateIdToken;
      if (req.method === 'POST' && req.url === '/token' && mutate) {
        const chunks: Buffer[] = [];
        const end = res.end.bind(res) as (body: string) => void;
        res.write = ((chunk: Buffer | string) => {
          chunks.push(Buffer.from(chunk));
          return true;
        }) as typeof res.write;
        res.end = ((chunk?: Buffer | string) => {
          if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          void Promise.resolve(body.id_token ? mutate(body.id_token) : undefined).then((token) => {
            if (token) body.id_token = token;
            const out = JSON.stringify(body);
            res.setHeader('content-length', Buffer.byteLength(out));
            end(out);
          });
          return res;
        }) as typeof res.end;
      }
      handler(req, res);
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });

  const key = await importJWK(jwk, 'RS256');
  return {
    issuer,
    ...client,
    users,
    state,
    /** The claims of an ID token, changed by `patch` and signed again with the provider's key. */
    async resign(idToken: string, patch: Record<string, unknown>) {
      return new SignJWT({ ...decodeJwt(idToken), ...patch })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .sign(key);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type OidcIdp = Awaited<ReturnType<typeof startOidcIdp>>;

/** A minimal cookie jar and redirect walker: a browser between the IdP and NetGuard. */
export function createBrowser() {
  const jar = new Map<string, string>();
  return {
    /** Follows redirects while they stay off `stopAt`; the first URL starting with it. */
    async walk(start: string, stopAt: string): Promise<string> {
      let url = start;
      for (let hops = 0; hops < 10; hops += 1) {
        if (url.startsWith(stopAt)) return url;
        const res = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const line of res.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const at = pair?.indexOf('=') ?? -1;
          if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
        }
        const location = res.headers.get('location');
        if (!location)
          throw new Error(`no redirect from ${url}: ${res.status} ${await res.text()}`);
        url = new URL(location, url).href;
      }
      throw new Error('too many redirects');
    },
  };
}

/** An RSA key and a self-signed certificate made with the openssl CLI. */
export function makeSigningCert() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'netguard-saml-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=NetGuard test IdP',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export type SamlResponseOptions = {
  user: IdpUser;
  inResponseTo: string;
  acsUrl: string;
  audience: string;
  /** Minutes from now until the assertion expires (negative: already expired). */
  validForMinutes?: number;
  sign?: boolean;
  /** Signs with this key instead of the IdP's (a forged response). */
  key?: string;
};

const iso = (ms: number) => new Date(ms).toISOString();
const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/**
 * A SAML 2.0 IdP on 127.0.0.1 whose assertions are signed (RSA-SHA256, exclusive c14n) with a
 * key and certificate the test made; its SSO URL answers an AuthnRequest with the signed
 * response for `nextUser`, as an auto-posting form.
 */
export async function startSamlIdp(host = '127.0.0.1') {
  const signing = makeSigningCert();
  const server = http.createServer();
  const port = await listen(server, host);
  const entityId = `http://${host}:${port}/metadata`;
  const ssoUrl = `http://${host}:${port}/sso`;
  const state = { nextUser: null as IdpUser | null, audience: null as string | null };
  const certBody = signing.cert.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  const metadata = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAuthnRequestsSigned="false">
    <md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${certBody}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${ssoUrl}"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

  function response(options: SamlResponseOptions): string {
    const now = Date.now();
    const until = now + (options.validForMinutes ?? 5) * 60_000;
    const { user } = options;
    const groups = user.groups
      .map((g) => `<saml:AttributeValue>${esc(g)}</saml:AttributeValue>`)
      .join('');
    const assertion = `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_a${randomUUID()}" Version="2.0" IssueInstant="${iso(now)}"><saml:Issuer>${entityId}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${esc(user.email)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${options.inResponseTo}" NotOnOrAfter="${iso(until)}" Recipient="${esc(options.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${iso(now - 60_000)}" NotOnOrAfter="${iso(until)}"><saml:AudienceRestriction><saml:Audience>${esc(options.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="_s${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue>${esc(user.email)}</saml:AttributeValue></saml:Attribute><saml:Attribute Name="groups">${groups}</saml:Attribute></saml:AttributeStatement></saml:Assertion>`;
    const xml = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${iso(now)}" Destination="${esc(options.acsUrl)}" InResponseTo="${options.inResponseTo}"><saml:Issuer>${entityId}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
    if (options.sign === false) return xml;
    const signer = new SignedXml({
      privateKey: options.key ?? signing.key,
      publicCert: signing.cert,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    signer.addReference({
      xpath: "//*[local-name(.)='Assertion']",
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
      transforms: [
        'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
        'http://www.w3.org/2001/10/xml-exc-c14n#',
      ],
    });
    signer.computeSignature(xml, {
      location: {
        reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']",
        action: 'after',
      },
    });
    return signer.getSignedXml();
  }

  /** The request id and ACS URL of an HTTP-Redirect AuthnRequest URL. */
  function readRequest(url: string) {
    const params = new URL(url).searchParams;
    const xml = inflateRawSync(Buffer.from(params.get('SAMLRequest') ?? '', 'base64')).toString(
      'utf8',
    );
    return {
      id: /\sID="([^"]+)"/.exec(xml)?.[1] ?? '',
      acsUrl: /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1] ?? '',
      issuer: /<saml:Issuer[^>]*>([^<]+)</.exec(xml)?.[1] ?? '',
      relayState: params.get('RelayState') ?? '',
    };
  }

  server.on('request', (req, res) => {
    const url = `http://127.0.0.1:${port}${req.url ?? '/'}`;
    if (req.url === '/metadata') {
      res.setHeader('content-type', 'application/samlmetadata+xml');
      res.end(metadata);
      return;
    }
    const user = state.nextUser;
    if (!req.url?.startsWith('/sso') || !user) {
      res.statusCode = 404;
      res.end('unknown');
      return;
    }
    const request = readRequest(url);
    const saml = Buffer.from(
      response({
        user,
        inResponseTo: request.id,
        acsUrl: request.acsUrl,
        audience: state.audience ?? request.issuer,
      }),
    ).toString('base64');
    res.setHeader('content-type', 'text/html');
    res.end(
      `<!doctype html><body onload="document.forms[0].submit()"><form method="post" action="${esc(request.acsUrl)}"><input type="hidden" name="SAMLResponse" value="${saml}"><input type="hidden" name="RelayState" value="${esc(request.relayState)}"><button>Continue</button></form></body>`,
    );
  });

  return {
    entityId,
    ssoUrl,
    metadata,
    signing,
    state,
    response,
    readRequest,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SamlIdp = Awaited<ReturnType<typeof startSamlIdp>>;
