import { z } from 'zod';

/** The header a request's id comes in (when the caller sets one) and goes back in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * The id of the API request that a job, realtime message or error answer belongs to (or of the
 * job or scheduled task, when no request started the work). Optional wherever it appears: a
 * value that is not a string of at most 64 characters is dropped rather than refused.
 */
export const ZRequestIdField = z.string().max(64).optional().catch(undefined);
