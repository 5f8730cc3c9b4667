import type { TRiskAssessment } from '@netguard/contracts';
import { Check, Minus } from 'lucide-react';
import type { ReactNode } from 'react';
import { DecisionPath } from '@/features/risk/components/DecisionPath';
import {
  cvssText,
  dayText,
  detectionText,
  epssText,
  kevText,
  otherCvssTexts,
} from '@/features/risk/evidence-text';
import { cn } from '@/lib/utils';

const MULTIPLIER_NAMES = {
  external_exposure: 'External exposure',
  critical_assets: 'Critical asset',
  critical_business: 'Critical business',
  exploit_available: 'Exploit available',
} as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h4 className="text-sm font-semibold">{title}</h4>
      {children}
    </section>
  );
}

/** One evidence line: what the source said, and its vector or detail in small print. */
function Fact({ text, fine }: { text: string; fine?: string | null }) {
  return (
    <li>
      <p>{text}</p>
      {fine && <p className="font-mono text-xs text-muted-foreground">{fine}</p>}
    </li>
  );
}

/** Why the score is what it is: the SSVC decision path, the multipliers and every input. */
export function AssessmentWhy({ a }: { a: TRiskAssessment }) {
  const cvss = cvssText(a.cvss);
  const epss = epssText(a.epss);
  const kev = kevText(a.kev);
  const detection = detectionText(a.detection);
  return (
    <div className="grid gap-6 pt-4 lg:grid-cols-2" data-testid="assessment-why">
      <Section title="SSVC decision path">
        {a.ssvc.path.length === 0 && (
          <p className="text-sm text-muted-foreground">No decision point could be read yet.</p>
        )}
        <DecisionPath ssvc={a.ssvc} />
      </Section>
      <div className="space-y-6">
        <Section title="Multipliers">
          <ul className="space-y-2 text-sm" data-testid="multipliers">
            {a.multipliers.map((m) => (
              <li key={m.name} className="flex gap-2" data-applied={m.applied}>
                {m.applied ? (
                  <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-label="Applied" />
                ) : (
                  <Minus
                    className="mt-0.5 size-4 shrink-0 text-muted-foreground"
                    aria-label="Not applied"
                  />
                )}
                <span>
                  <span className={cn('font-medium', !m.applied && 'text-muted-foreground')}>
                    {MULTIPLIER_NAMES[m.name]} ×{m.factor}
                  </span>{' '}
                  <span className="text-muted-foreground">{m.reason}</span>
                </span>
              </li>
            ))}
          </ul>
        </Section>
        <Section title="Evidence">
          <ul className="space-y-2 text-sm" data-testid="evidence">
            <Fact text={cvss ?? 'No CVSS score known'} fine={a.cvss?.vector} />
            {otherCvssTexts(a.cvss).map((o) => (
              <Fact key={o.vector} text={o.text} fine={o.vector} />
            ))}
            <Fact text={epss ?? 'No EPSS score known'} />
            <Fact text={kev ?? 'Not in CISA KEV'} />
            <Fact text={detection ?? 'Detection method not recorded'} fine={a.detection?.detail} />
          </ul>
        </Section>
        <Section title="Inputs">
          <ul className="divide-y rounded-lg border text-sm" data-testid="inputs">
            {a.inputs.map((input) => (
              <li key={input.name} className="grid gap-0.5 px-3 py-2" data-present={input.present}>
                <p className="flex flex-wrap justify-between gap-x-2">
                  <span className="font-medium">{input.name}</span>
                  <span className={input.present ? undefined : 'text-muted-foreground'}>
                    {input.present ? (input.value ?? 'present') : 'missing'}
                    {input.present && !input.fresh && ' (not fresh)'}
                  </span>
                </p>
                <p className="text-xs text-muted-foreground">
                  {input.source}
                  {input.as_of && ` · ${dayText(input.as_of)}`}
                </p>
              </li>
            ))}
          </ul>
        </Section>
      </div>
    </div>
  );
}
