import type { TVerdict } from '@netguard/contracts';
import { ClipboardCheck, ShieldAlert } from 'lucide-react';
import { IconCard } from '@/features/dashboard/components/IconCard';
import { MetricBar } from '@/features/dashboard/components/MetricBar';
import { MetricInfo } from '@/features/dashboard/components/MetricInfo';
import { METRIC_DEFINITIONS as D } from '@/features/dashboard/metric-definitions';
import type { TFigure, TPostureView } from '@/features/dashboard/metrics';
import { VerdictDetails } from '@/features/verdicts/components/VerdictDetails';

const FRAMEWORKS = [
  { key: 'iso27001', label: 'ISO 27001' },
  { key: 'soc2', label: 'SOC 2' },
  { key: 'nist', label: 'NIST Framework' },
] as const;

/** A score's inputs when the server sent them, else how it is defined. */
const explained = (verdict: TVerdict | undefined, definition: string) =>
  verdict ? <VerdictDetails verdict={verdict} /> : definition;

type FigureProps = { label: string; figure: TFigure; tone: string };

function Figure({ label, figure, tone }: FigureProps) {
  return (
    <div className="rounded-lg border p-4 text-center" data-testid="posture-figure">
      <p className={`text-3xl font-bold tabular-nums ${tone}`}>{figure.value ?? '—'}</p>
      <p className="mt-1 text-xs text-muted-foreground">{label}</p>
      {figure.value === null && (
        <p className="mt-1 text-xs text-muted-foreground">{figure.missing}</p>
      )}
    </div>
  );
}

/** Threat Landscape and Compliance Status (subscribers only). */
export function SecurityPostureTab({ view }: { view: TPostureView }) {
  const policy = view.policyCompliance;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <IconCard
        icon={ShieldAlert}
        title="Threat Landscape"
        contentClassName="grid gap-3 sm:grid-cols-3"
      >
        <Figure
          label="Critical vulnerabilities"
          figure={{ value: view.criticalVulnerabilities, missing: '' }}
          tone="text-red-600"
        />
        <Figure label="Open ports" figure={view.openPorts} tone="text-amber-600" />
        <Figure label="Outdated services" figure={view.outdatedServices} tone="text-blue-600" />
      </IconCard>
      <IconCard icon={ClipboardCheck} title="Compliance Status" contentClassName="space-y-5">
        {FRAMEWORKS.map(({ key, label }) => (
          <MetricBar
            key={key}
            label={label}
            figure={view.compliance[key]}
            definition={explained(view.verdicts?.[key], D[key])}
          />
        ))}
        <p
          className="flex items-center gap-1.5 border-t pt-3 text-xs text-muted-foreground"
          data-testid="posture-policy-compliance"
        >
          Policy Compliance (Overview): {policy.value === null ? '—' : `${policy.value}%`}, the
          Enterprise Security Center's compliance score
          <MetricInfo
            label="Policy Compliance"
            definition={explained(view.verdicts?.policy_compliance, D.policyCompliance)}
          />
        </p>
      </IconCard>
    </div>
  );
}
