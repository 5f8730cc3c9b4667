import { ClipboardCheck, ShieldAlert } from 'lucide-react';
import { IconCard } from '@/features/dashboard/components/IconCard';
import { MetricBar } from '@/features/dashboard/components/MetricBar';
import type { TPostureView } from '@/features/dashboard/metrics';

function Figure({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className="rounded-lg border p-4 text-center">
      <p className={`text-3xl font-bold tabular-nums ${tone}`}>{value}</p>
      <p className="mt-1 text-xs text-muted-foreground">{label}</p>
    </div>
  );
}

/** Threat Landscape and Compliance Status (subscribers only). */
export function SecurityPostureTab({ view }: { view: TPostureView }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <IconCard
        icon={ShieldAlert}
        title="Threat Landscape"
        contentClassName="grid gap-3 sm:grid-cols-3"
      >
        <Figure
          label="Critical vulnerabilities"
          value={view.criticalVulnerabilities}
          tone="text-red-600"
        />
        <Figure label="Open ports" value={view.openPorts} tone="text-amber-600" />
        <Figure label="Outdated services" value={view.outdatedServices} tone="text-blue-600" />
      </IconCard>
      <IconCard icon={ClipboardCheck} title="Compliance Status" contentClassName="space-y-5">
        <MetricBar label="ISO 27001" value={view.compliance.iso27001} />
        <MetricBar label="SOC 2" value={view.compliance.soc2} />
        <MetricBar label="NIST Framework" value={view.compliance.nist} />
      </IconCard>
    </div>
  );
}
