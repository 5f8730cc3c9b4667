// NetGuard's session protocol as an outside client speaks it: sign-in answers an access JWT in the
// body and sets the refresh and CSRF cookies; refresh sends both cookies and echoes the CSRF value
// in a header; sign-out ends the session named by the bearer token.
import type { CanaryUser } from './canary.ts';
import type { SecurityContext } from './context.ts';
import { type HttpAnswer, jsonOf } from './http.ts';
import { type EvidenceLog, PrerequisiteError } from './outcome.ts';

/** The longest Retry-After a sign-in waits for before giving up. */
export const MAX_RETRY_WAIT_S = 60;

export type Session = { accessToken: string; refreshToken?: string; csrf?: string };

function cookieValue(answer: HttpAnswer, name: string): string | undefined {
  for (const line of answer.setCookies) {
    const match = /^([^=;]+)=([^;]*)/.exec(line);
    if (match?.[1]?.trim() === name && match[2]) return match[2];
  }
  return undefined;
}

export function accessTokenOf(answer: HttpAnswer): string | undefined {
  const body = jsonOf(answer) as { access_token?: unknown } | undefined;
  return typeof body?.access_token === 'string' ? body.access_token : undefined;
}

/** POST sign-in with the user's e-mail and password; the raw answer. */
export function trySignIn(
  context: SecurityContext,
  email: string,
  password: string,
  signal?: AbortSignal,
) {
  return context.http.request(
    { method: 'POST', path: context.routes.signIn, body: { email, password } },
    signal,
  );
}

/** Signs a canary in; a refusal is a failed prerequisite (the test becomes inconclusive). */
export async function signIn(
  context: SecurityContext,
  user: CanaryUser,
  log: EvidenceLog,
  signal?: AbortSignal,
): Promise<Session> {
  let answer = log.exchange(
    await trySignIn(context, user.email, user.password, signal),
    `sign-in of the ${user.role} canary`,
  );
  // The per-address limit of the auth routes: wait it out once (bounded), as a browser user would.
  const wait = Number(answer.headers['retry-after']);
  if (answer.status === 429 && wait > 0 && wait <= MAX_RETRY_WAIT_S) {
    await new Promise((r) => setTimeout(r, wait * 1000));
    answer = log.exchange(
      await trySignIn(context, user.email, user.password, signal),
      `sign-in of the ${user.role} canary, after ${wait} s`,
    );
  }
  let accessToken = accessTokenOf(answer);
  if (answer.status !== 200 || !accessToken)
    throw new PrerequisiteError(
      `the ${user.role} canary could not sign in (status ${answer.status})`,
    );
  // A NetGuard session starts in the user's personal organization: move it to the canary's.
  const landed = (jsonOf(answer) as { user?: { organization_id?: unknown } } | undefined)?.user
    ?.organization_id;
  if (typeof landed === 'string' && landed !== user.organizationId) {
    const moved = log.exchange(
      await context.http.request(
        {
          method: 'POST',
          path: context.routes.switchOrganization,
          headers: bearer(accessToken),
          body: { organization_id: user.organizationId },
        },
        signal,
      ),
      `the ${user.role} canary's session moves to its canary organization`,
    );
    accessToken = accessTokenOf(moved);
    if (moved.status !== 200 || !accessToken)
      throw new PrerequisiteError(
        `the ${user.role} canary's session could not move to its organization (status ${moved.status})`,
      );
  }
  return {
    accessToken,
    refreshToken: cookieValue(answer, context.routes.refreshCookie),
    csrf: cookieValue(answer, context.routes.csrfCookie),
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** GET the identity route with a token: whether it was accepted rests on the status AND the e-mail in the body. */
export async function identityWith(
  context: SecurityContext,
  token: string,
  email: string,
  log: EvidenceLog,
  label: string,
  signal?: AbortSignal,
): Promise<'accepted' | 'refused' | 'unclear'> {
  const answer = log.exchange(
    await context.http.request({ path: context.routes.identity, headers: bearer(token) }, signal),
    `${label}: GET ${context.routes.identity}`,
  );
  const named = answer.body.toLowerCase().includes(email.toLowerCase());
  if (answer.status === 200 && named) return 'accepted';
  if ((answer.status === 401 || answer.status === 403) && !named) return 'refused';
  return 'unclear';
}

/** POST refresh with the session's cookies and CSRF header; the new session, or the refusal. */
export async function refresh(
  context: SecurityContext,
  session: Session,
  log: EvidenceLog,
  label: string,
  signal?: AbortSignal,
): Promise<{ answer: HttpAnswer; next?: Session }> {
  const { refreshCookie, csrfCookie, csrfHeader } = context.routes;
  const cookies = [`${refreshCookie}=${session.refreshToken ?? ''}`];
  if (session.csrf) cookies.push(`${csrfCookie}=${session.csrf}`);
  const answer = log.exchange(
    await context.http.request(
      {
        method: 'POST',
        path: context.routes.refresh,
        headers: {
          cookie: cookies.join('; '),
          ...(session.csrf ? { [csrfHeader]: session.csrf } : {}),
        },
      },
      signal,
    ),
    label,
  );
  const accessToken = accessTokenOf(answer);
  if (answer.status !== 200 || !accessToken) return { answer };
  return {
    answer,
    next: {
      accessToken,
      refreshToken: cookieValue(answer, refreshCookie) ?? session.refreshToken,
      csrf: session.csrf,
    },
  };
}

/** The canaries of the run, or a failed prerequisite when none could be made. */
export async function requireCanaries(context: SecurityContext) {
  const set = await context.canaries().catch((error: unknown) => {
    throw new PrerequisiteError(
      `the canaries could not be created (${error instanceof Error ? error.message : String(error)})`,
    );
  });
  if (!set)
    throw new PrerequisiteError('no canary provider was configured, so no test account exists');
  return set;
}
