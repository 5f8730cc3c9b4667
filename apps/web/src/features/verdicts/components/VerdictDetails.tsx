import type { TVerdict } from '@netguard/contracts';

/** What a verdict came from: its inputs, its rule and, when it overrode the spec, the reference. */
export function VerdictDetails({ verdict }: { verdict: TVerdict }) {
  return (
    <div className="space-y-1.5 text-left" data-testid="verdict-details">
      <p className="font-semibold">
        {verdict.name}: {verdict.verdict}
      </p>
      <ul className="space-y-0.5" data-testid="verdict-inputs">
        {verdict.inputs.map((input) => (
          <li key={input.label}>
            {input.label}: <span className="font-medium">{input.value}</span>
          </li>
        ))}
      </ul>
      <p className="opacity-80">How: {verdict.rule}.</p>
      {verdict.reference && (
        <p className="opacity-80" data-testid="verdict-reference">
          Reference: {verdict.reference}.
        </p>
      )}
    </div>
  );
}
