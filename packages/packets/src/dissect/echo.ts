// Echo request/reply pairing: with a context, a reply names the frame of its request, as
// Wireshark's "(request in 51)".
import type { Dissection } from './state.ts';

/** Remembers a request, or returns the frame number of a reply's request (null if unknown). */
export function matchEcho(d: Dissection, request: boolean, id: number, seq: number): number | null {
  const requests = d.context?.echoRequests;
  if (!requests || d.quoted) return null;
  const hosts =
    d.netSource < d.netDestination
      ? `${d.netSource}|${d.netDestination}`
      : `${d.netDestination}|${d.netSource}`;
  const key = `${hosts}|${id}|${seq}`;
  if (request) {
    requests.set(key, d.frame.number);
    return null;
  }
  return requests.get(key) ?? null;
}
