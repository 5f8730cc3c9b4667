import type { TScanVulnerability } from '@netguard/contracts';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { MitigationActions } from '@/features/scans/components/MitigationActions';
import { SeverityBadge } from '@/features/scans/components/SeverityBadge';
import { findingLocation } from '@/features/scans/detail-view';
import { DetectionBadges } from '@/features/vulnerabilities/components/DetectionBadges';
import { DetectionDetails } from '@/features/vulnerabilities/components/DetectionDetails';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-1">
      <h4 className="text-sm font-semibold">{title}</h4>
      {children}
    </section>
  );
}

/** One finding: severity, title, where, CVE and risk; expands to its details and fixes. */
export function FindingItem({ finding }: { finding: TScanVulnerability }) {
  return (
    <Collapsible asChild>
      <li className="rounded-lg border" data-testid="finding" data-severity={finding.severity}>
        <CollapsibleTrigger className="group flex w-full items-start gap-3 p-3 text-left hover:bg-muted/50">
          <SeverityBadge severity={finding.severity} />
          <span className="min-w-0 flex-1 space-y-1">
            <span className="block font-medium">{finding.title}</span>
            <span className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
              <span className="font-mono">{findingLocation(finding)}</span>
              {finding.cve_id && <span className="font-mono">{finding.cve_id}</span>}
              <span>Risk score {finding.risk_score}</span>
              {finding.cvss_score !== null && <span>CVSS {finding.cvss_score.toFixed(1)}</span>}
            </span>
            <span className="flex flex-wrap gap-1">
              <DetectionBadges detection={finding.detection} />
            </span>
          </span>
          <ChevronDown
            className="mt-1 size-4 shrink-0 transition-transform group-data-[state=open]:rotate-180"
            aria-hidden="true"
          />
        </CollapsibleTrigger>
        <CollapsibleContent className="space-y-4 border-t bg-muted/30 p-4 text-sm">
          <Section title="Description">
            <p className="whitespace-pre-line">{finding.description}</p>
          </Section>
          <Section title="Solution">
            <p className="whitespace-pre-line">{finding.solution}</p>
          </Section>
          <DetectionDetails detection={finding.detection} />
          {finding.evidence && (
            <Section title="Evidence">
              <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">
                {finding.evidence}
              </pre>
            </Section>
          )}
          <MitigationActions actions={finding.threat_mitigation_actions} />
        </CollapsibleContent>
      </li>
    </Collapsible>
  );
}
