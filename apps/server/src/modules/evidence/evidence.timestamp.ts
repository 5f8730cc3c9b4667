// The optional RFC 3161 timestamp of an exported package (EVIDENCE_TSA_URL): the package's
// request over manifest.json is POSTed to the configured authority through the egress policy (as
// the deployment's own call, an operator's network), and its token is added as manifest.tsr. A
// TSA that fails never fails the export: the package goes without the token, saying why.

import { classifyFailure, type Network } from '@netguard/egress';
import {
  addPackageTimestamp,
  packageTimestampRequest,
  parseTimestampResponse,
} from '@netguard/evidence';

/** The longest the export waits for the TSA. */
export const TSA_TIMEOUT_MS = 10_000;

export type PackageStamp =
  | { status: 'stamped'; genTime: string }
  | { status: 'missing'; reason: string }
  | { status: 'not_configured' };

export type Timestamper = (zip: Buffer) => Promise<{ zip: Buffer; stamp: PackageStamp }>;

/** The TSA answered, and not with a token for this package. */
class TsaAnswer extends Error {}

/** Why the TSA gave no token, in words (a connection failure classified, never its bytes). */
const reasonOf = (error: unknown) =>
  error instanceof TsaAnswer
    ? error.message
    : `the TSA could not be reached: ${classifyFailure(error).message}`;

/** What `read` makes of the TSA's answer; its failure a TsaAnswer, `what` before the reason. */
function answered<T>(read: () => T, what: string): T {
  try {
    return read();
  } catch (error) {
    throw new TsaAnswer(`${what}${(error as Error).message}`);
  }
}

export function createTimestamper(url: string | undefined, network: () => Network): Timestamper {
  return async (zip) => {
    if (!url) return { zip, stamp: { status: 'not_configured' } };
    try {
      const request = packageTimestampRequest(zip);
      const res = await network().fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/timestamp-query' },
        body: new Uint8Array(request.der),
        redirect: 'error',
        signal: AbortSignal.timeout(TSA_TIMEOUT_MS),
      });
      if (!res.ok) throw new TsaAnswer(`the TSA answered HTTP ${res.status}`);
      const body = Buffer.from(await res.arrayBuffer());
      const reply = answered(
        () => parseTimestampResponse(body),
        'the TSA answer is not an RFC 3161 reply: ',
      );
      const stamped = answered(() => addPackageTimestamp(zip, body, request), '');
      const genTime = reply.token?.genTime.toISOString() ?? '';
      return { zip: stamped, stamp: { status: 'stamped', genTime } };
    } catch (error) {
      return { zip, stamp: { status: 'missing', reason: reasonOf(error) } };
    }
  };
}
