import type { TRiskAssessment } from '@netguard/contracts';

/** An OpenAI-compatible chat-completions endpoint: `baseUrl` is the part before /chat/completions. */
export type LlmSettings = { baseUrl: string; apiKey?: string; model: string; timeoutMs?: number };

const DEFAULT_TIMEOUT_MS = 20_000;
const MAX_TEXT = 4000;

const INSTRUCTIONS =
  'You explain a vulnerability risk assessment to a security team in one paragraph of plain text. ' +
  'Use only the facts in the JSON you are given (score, SSVC decisions and their path, inputs, ' +
  'multipliers, recommendations). Do not add facts, numbers or advice that are not in it.';

/** The assessment as the model receives it: everything but an earlier narrative. */
function facts(assessment: TRiskAssessment) {
  const { narrative: _narrative, ...rest } = assessment;
  return rest;
}

/**
 * Asks the model for a paragraph about the structured assessment. Any failure (timeout, HTTP
 * error, malformed or empty answer) gives null: the narrative is optional and never scores.
 */
export async function writeNarrative(
  settings: LlmSettings,
  assessment: TRiskAssessment,
): Promise<TRiskAssessment['narrative']> {
  try {
    const res = await fetch(`${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: settings.model,
        temperature: 0,
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: JSON.stringify(facts(assessment)) },
        ],
      }),
      signal: AbortSignal.timeout(settings.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as {
      model?: unknown;
      choices?: Array<{ message?: { content?: unknown } }>;
    };
    const text = body.choices?.[0]?.message?.content;
    if (typeof text !== 'string' || !text.trim()) return null;
    const model = typeof body.model === 'string' && body.model ? body.model : settings.model;
    return { text: text.trim().slice(0, MAX_TEXT), model: model.slice(0, 100) };
  } catch {
    return null;
  }
}
