// The security suite: exactly the 15 tests of issue 35, in the order they run.
import type { TestDefinition } from '../../model.ts';
import type { SecurityContext } from '../context.ts';
import { authorization } from './authorization.ts';
import { certificateValidity } from './certificate.ts';
import { cipherSuites } from './cipher-suites.ts';
import { cookieFlags } from './cookie-flags.ts';
import { cors } from './cors.ts';
import { contentSecurityPolicy } from './csp.ts';
import { exposedFiles } from './exposed-files.ts';
import { hsts } from './hsts.ts';
import { httpsRedirect } from './https-redirect.ts';
import { informationLeakage } from './information-leakage.ts';
import { openapiAuth } from './openapi-auth.ts';
import { responseHeaders } from './response-headers.ts';
import { sessionTokens } from './session-tokens.ts';
import { signInHardening } from './sign-in-hardening.ts';
import { tlsProtocols } from './tls-protocols.ts';

export const securityTests: readonly TestDefinition<SecurityContext>[] = [
  tlsProtocols,
  certificateValidity,
  cipherSuites,
  httpsRedirect,
  hsts,
  contentSecurityPolicy,
  responseHeaders,
  cookieFlags,
  cors,
  informationLeakage,
  exposedFiles,
  openapiAuth,
  authorization,
  signInHardening,
  sessionTokens,
];

/** The quick test's subset: tests that send only GET, HEAD and OPTIONS. */
export const passiveSecurityTests = securityTests.filter((t) => t.passive);
