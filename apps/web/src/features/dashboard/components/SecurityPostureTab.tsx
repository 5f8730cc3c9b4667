import { ClipboardCheck, ShieldAlert } from 'lucide-react';
import { IconCard } from '@/features/dashboard/components/IconCard';
import { MetricBar } from '@/features/dashboard/components/MetricBar';
import { MetricInfo } from '@/features/dashboard/components/MetricInfo';
import { POSTURE_FRAMEWORKS, type TFigure, type TPostureView } from '@/features/dashboard/metrics';

/** The Compliance Status labels (spec part 1). */
const FRAMEWORK_LABELS = { iso27001: 'ISO 27001', soc2: 'SOC 2', nist: 'NIST Framework' } as const;

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
        {POSTURE_FRAMEWORKS.map((key) => (
          <MetricBar
            key={key}
            label={FRAMEWORK_LABELS[key]}
            figure={view.compliance[key]}
            definition={view.compliance[key].text}
          />
        ))}
        <p
          className="flex items-center gap-1.5 border-t pt-3 text-xs text-muted-foreground"
          data-testid="posture-policy-compliance"
        >
          Policy Compliance (Overview):{' '}
          {policy.value === null ? policy.missing || '—' : `${policy.value}%`}, the Enterprise
          Security Center's compliance score
          <MetricInfo label="Policy Compliance" definition={view.policyText} />
        </p>
      </IconCard>
    </div>
  );
}
