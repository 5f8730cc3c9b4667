import { createHash, X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { AppError } from '../../lib/errors.ts';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

export type IdpMetadata = { entityId: string; ssoUrl: string; certificate: string };

const invalid = (why: string) =>
  new AppError('bad_request', 400, `The identity provider metadata is not usable: ${why}`);

/** The base64 body of a certificate, without PEM armour or whitespace. */
const certBody = (text: string) =>
  text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');

/** SHA-256 fingerprint (AA:BB:...) of a base64 DER certificate. */
export function certificateSha256(body: string): string {
  const hex = createHash('sha256').update(Buffer.from(body, 'base64')).digest('hex').toUpperCase();
  return hex.match(/../g)?.join(':') ?? hex;
}

/**
 * Reads an IdP's SAML metadata: its entity id, the HTTP-Redirect SingleSignOnService URL and
 * the signing certificate (a KeyDescriptor with use="signing" or no use).
 */
export function parseIdpMetadata(xml: string): IdpMetadata {
  const errors: string[] = [];
  const doc = new DOMParser({
    errorHandler: {
      warning: () => {},
      error: (message: string) => errors.push(message),
      fatalError: (message: string) => errors.push(message),
    },
  }).parseFromString(xml, 'text/xml');
  if (errors.length > 0 || !doc?.documentElement) throw invalid('it is not well-formed XML');
  const entities = doc.getElementsByTagNameNS(MD, 'EntityDescriptor');
  const entity = entities[0];
  const entityId = entity?.getAttribute('entityID');
  if (!entity || !entityId) throw invalid('no EntityDescriptor with an entityID');
  const idp = entity.getElementsByTagNameNS(MD, 'IDPSSODescriptor')[0];
  if (!idp) throw invalid('no IDPSSODescriptor');
  const services = Array.from(idp.getElementsByTagNameNS(MD, 'SingleSignOnService'));
  const redirect = services.find((s) => s.getAttribute('Binding') === REDIRECT_BINDING);
  const ssoUrl = redirect?.getAttribute('Location');
  if (!ssoUrl || !URL.canParse(ssoUrl) || !/^https?:$/.test(new URL(ssoUrl).protocol))
    throw invalid('no SingleSignOnService with the HTTP-Redirect binding and an http(s) Location');
  const keys = Array.from(idp.getElementsByTagNameNS(MD, 'KeyDescriptor')).filter((key) => {
    const use = key.getAttribute('use');
    return !use || use === 'signing';
  });
  const certText = keys
    .map((key) => key.getElementsByTagNameNS(DS, 'X509Certificate')[0]?.textContent)
    .find(Boolean);
  if (!certText) throw invalid('no signing certificate (KeyDescriptor X509Certificate)');
  const certificate = certBody(certText);
  try {
    new X509Certificate(Buffer.from(certificate, 'base64'));
  } catch {
    throw invalid('the signing certificate cannot be read');
  }
  return { entityId, ssoUrl, certificate };
}
