// Reads for a scan: a read runs only when a wanted check needs it, through the recorder, and names
// in its record only the wanted checks it would leave unevaluated.
import type { CallRecorder, CallSpec } from '../calls.ts';
import { wantedOf } from './run-scan.ts';

export type Reader = <T>(
  spec: CallSpec,
  run: (signal: AbortSignal) => Promise<T>,
) => Promise<T | undefined>;

export function readerFor(recorder: CallRecorder, wanted: Set<string>): Reader {
  return (spec, run) => {
    const checks = wantedOf(wanted, spec.checks);
    return checks.length ? recorder.call({ ...spec, checks }, run) : Promise.resolve(undefined);
  };
}
