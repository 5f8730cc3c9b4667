import type { TComplianceStanding } from '@netguard/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { framework } from '@/features/compliance-evidence/evidence-test-data';
import { ComplianceTab } from './ComplianceTab';
import { SummaryCards } from './SummaryCards';

const none = {
  compliant: 0,
  partially_compliant: 0,
  non_compliant: 0,
  not_assessed: 93,
  not_applicable: 0,
};
/** SOC 2 at 60 (3 of 5 assessed), ISO 27001 with nothing assessed. */
const standing: TComplianceStanding = {
  available: true,
  frameworks: [
    framework({ requirements: undefined }),
    framework({
      id: 'iso27001',
      name: 'ISO/IEC 27001',
      requirementCount: 93,
      statusCounts: none,
      score: null,
      requirements: undefined,
    }),
  ],
  overallScore: 60,
};

const tab = (s: TComplianceStanding) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ComplianceTab compliance={s} />
    </MemoryRouter>,
  );

const card = (s: TComplianceStanding) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <TooltipProvider>
        <SummaryCards
          metrics={{
            security_events: 0,
            critical_alerts: { total: 0, critical_events: 0, open_critical_incidents: 0 },
            compliance: s,
            risk_level: 'low',
            risk_verdict: { name: 'Risk', verdict: 'LOW', inputs: [], rule: 'r', reference: null },
            risk_source: 'live',
            last_assessment: null,
          }}
        />
      </TooltipProvider>
    </MemoryRouter>,
  );

describe('ComplianceTab', () => {
  it('shows each framework’s evidence score with its counts, "Not assessed" without a verdict', () => {
    const html = tab(standing);
    expect(html).toContain('60% Compliant');
    expect(html).toContain('3 of 5 assessed requirements compliant (61 in all, 56 not assessed)');
    expect(html).toContain('Not assessed: none of its 93 requirements has evidence yet');
    expect(html).toContain('The mean of the scores of 1 assessed framework (SOC 2)');
    expect(html).toContain('href="/dashboard/compliance-evidence"');
    // No percent is shown for ISO 27001: a number not measured is never shown.
    expect(html.match(/% Compliant/g)).toHaveLength(1);
  });

  it('says the statuses come with Enterprise on a plan without compliance evidence', () => {
    const html = tab({ available: false, frameworks: [], overallScore: null });
    expect(html).toContain('available on Enterprise');
    expect(html).not.toContain('%');
  });
});

describe('SummaryCards: Compliance Score', () => {
  it('is the evidence module’s overall score, with how many frameworks it covers', () => {
    const html = card(standing);
    expect(html).toContain('60%');
    expect(html).toContain('1 of 2 frameworks assessed, from compliance evidence');
  });

  it('reads "Not assessed" before any evidence, never a number', () => {
    const html = card({ ...standing, frameworks: [standing.frameworks[1]!], overallScore: null });
    expect(html).toContain('Not assessed');
    expect(html).not.toContain('aria-label="Compliance score"');
  });
});
