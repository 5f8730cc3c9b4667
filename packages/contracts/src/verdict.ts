import { z } from 'zod';

/** One input a verdict was computed from: shown on hover in the web, printed in reports. */
export const ZVerdictInput = z.object({ label: z.string(), value: z.string() });
export type TVerdictInput = z.infer<typeof ZVerdictInput>;

/**
 * A verdict (a word or a score) with the inputs it came from and how it is computed. When the
 * measured figures contradict the word the spec's rule alone gives, the verdict is the measured
 * one and `reference` names the spec's threshold and its word.
 */
export const ZVerdict = z.object({
  name: z.string(),
  verdict: z.string(),
  inputs: z.array(ZVerdictInput),
  rule: z.string(),
  reference: z.string().nullable(),
});
export type TVerdict = z.infer<typeof ZVerdict>;

/**
 * A verdict as one line of a report.
 * @example verdictLine(v) // "Overall risk HIGH. Inputs: Critical 0; High 1. Rule: ... Reference: ..."
 */
export function verdictLine(v: TVerdict): string {
  const inputs = v.inputs.map((i) => `${i.label} ${i.value}`).join('; ');
  const reference = v.reference ? ` Reference: ${v.reference}.` : '';
  return `${v.name} ${v.verdict}. Inputs: ${inputs}. Rule: ${v.rule}.${reference}`;
}
