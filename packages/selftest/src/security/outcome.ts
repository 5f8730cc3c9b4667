// Outcome helpers of the security tests: the verdicts, an evidence log that redacts secrets, and
// the prerequisite error that turns a missing precondition into an inconclusive verdict.
import type { EvidenceRecord, TestOutcome } from '../model.ts';
import type { HttpAnswer } from './http.ts';

/** Thrown when something the test needs did not happen (sign-in refused, probe failed). */
export class PrerequisiteError extends Error {}

export type EvidenceLog = {
  records: EvidenceRecord[];
  exchange(answer: HttpAnswer, summary?: string): HttpAnswer;
  add(kind: string, summary: string, data?: Record<string, unknown>): void;
};

const JWT = /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;
const BODY_KEPT = 600;

/** A Set-Cookie line with its value hidden: names and attributes are the evidence, not secrets. */
export const redactCookie = (line: string) => line.replace(/^([^=;]+)=[^;]*/, '$1=(redacted)');

export function evidenceLog(): EvidenceLog {
  const records: EvidenceRecord[] = [];
  return {
    records,
    exchange(answer, summary) {
      records.push({
        kind: 'http-exchange',
        summary: summary ?? `${answer.method} ${answer.url} → ${answer.status}`,
        data: {
          method: answer.method,
          url: answer.url,
          status: answer.status,
          headers: answer.headers,
          setCookies: answer.setCookies.map(redactCookie),
          body: answer.body.slice(0, BODY_KEPT).replace(JWT, 'eyJ…(redacted)'),
        },
      });
      return answer;
    },
    add(kind, summary, data) {
      records.push({ kind, summary, ...(data ? { data } : {}) });
    },
  };
}

export const passed = (
  reason: string,
  log: EvidenceLog,
  measurements?: Record<string, number>,
): TestOutcome => ({
  verdict: 'passed',
  reason,
  evidence: log.records,
  ...(measurements ? { measurements } : {}),
});

export const failed = (
  reason: string,
  log: EvidenceLog,
  recommendation: string,
  measurements?: Record<string, number>,
): TestOutcome => ({
  verdict: 'failed',
  reason,
  evidence: log.records,
  recommendation,
  ...(measurements ? { measurements } : {}),
});

export const inconclusive = (reason: string, log: EvidenceLog): TestOutcome => ({
  verdict: 'inconclusive',
  reason,
  evidence: log.records,
});

/** Runs a test body; a PrerequisiteError (or a network error) becomes inconclusive with the evidence so far. */
export async function guarded(
  log: EvidenceLog,
  body: () => Promise<TestOutcome>,
): Promise<TestOutcome> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'))
      throw error;
    const message = error instanceof Error ? error.message : String(error);
    return inconclusive(`A prerequisite did not hold, so nothing is concluded: ${message}.`, log);
  }
}

/** Records an Observatory modifier in the evidence (the suite's score reads it back). */
export function observatory(log: EvidenceLog, rule: string, modifier: number, summary: string) {
  log.add('score-modifier', summary, { scale: 'observatory', rule, modifier });
}
