import { validateUpload } from '@netguard/contracts';

/**
 * The spec's upload rules (part 2 §5) checked before sending, messages word for word: size,
 * type as the browser reports it, blocked extensions. The server checks them again, reading the
 * type from the bytes.
 */
export function uploadProblems(file: { name: string; size: number; type: string } | null) {
  if (!file) return [];
  return validateUpload(file);
}

/** "soc2:CC6.1, iso27001:A.5.1" → the references, trimmed, empty ones dropped. */
export function parseRequirementRefs(text: string): string[] {
  return text
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The upload's description as the API takes it (query string); the file is the body. */
export function uploadQuery(input: {
  name: string;
  title: string;
  type: string;
  requirementIds: string[];
  observedAt?: string;
  validDays?: number;
}): string {
  const params = new URLSearchParams({
    name: input.name,
    title: input.title.trim(),
    type: input.type,
    requirementIds: input.requirementIds.join(','),
  });
  if (input.observedAt) params.set('observedAt', new Date(input.observedAt).toISOString());
  if (input.validDays) params.set('validDays', String(input.validDays));
  return params.toString();
}
