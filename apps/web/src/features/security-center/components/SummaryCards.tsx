import {
  COMPLIANCE_STANDING_TEXT as C,
  overallFigureText,
  type TSecurityMetrics,
} from '@netguard/contracts';
import { Activity, AlertTriangle, Gauge, type LucideIcon, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { formatScore } from '@/features/compliance-evidence/evidence-format';
import {
  CRITICAL_EVENTS,
  eventsSearch,
  SECURITY_TABS_ID,
} from '@/features/security-center/event-filters';
import { RISK_BADGE, RISK_LABEL } from '@/features/security-center/security-center-style';
import { VerdictDetails } from '@/features/verdicts/components/VerdictDetails';

type CardProps = {
  title: string;
  icon: LucideIcon;
  hint: string;
  /** Shown on hover and focus: how the figure is made. */
  explain: ReactNode;
  children: ReactNode;
  testId: string;
};

function SummaryCard({ title, icon: Icon, hint, explain, children, testId }: CardProps) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Card className="gap-2 outline-none focus-visible:ring-2" tabIndex={0} data-testid={testId}>
          <CardHeader className="flex flex-row items-center justify-between">
            <CardTitle className="text-sm font-medium">{title}</CardTitle>
            <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
          </CardHeader>
          <CardContent className="space-y-1">
            {children}
            <p className="text-xs text-muted-foreground">{hint}</p>
          </CardContent>
        </Card>
      </TooltipTrigger>
      <TooltipContent className="max-w-sm" data-testid="card-explain">
        {explain}
      </TooltipContent>
    </Tooltip>
  );
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

type AlertLinkProps = { count: number; search: string; children: ReactNode };

/** A part of the Critical Alerts figure: a link to the tab that lists it, plain text when 0. */
function AlertLink({ count, search, children }: AlertLinkProps) {
  if (count === 0) return <span className="text-muted-foreground">{children}</span>;
  return (
    <Link
      to={{ search }}
      className="font-medium text-red-700 underline underline-offset-2 hover:text-red-800"
      onClick={() => document.getElementById(SECURITY_TABS_ID)?.scrollIntoView()}
    >
      {children}
    </Link>
  );
}

/** Under the Compliance Score: how many frameworks it is over. */
function complianceHint(c: TSecurityMetrics['compliance']) {
  if (!c.available) return 'Compliance evidence';
  const assessed = c.frameworks.filter((f) => f.score !== null).length;
  return `${assessed} of ${c.frameworks.length} frameworks assessed, from compliance evidence`;
}

/** Security Events, Critical Alerts, Compliance Score and Risk Level, each explained on hover. */
export function SummaryCards({ metrics }: { metrics: TSecurityMetrics }) {
  const alerts = metrics.critical_alerts;
  const { compliance } = metrics;
  const score = compliance.overallScore;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <SummaryCard
        title="Security Events"
        icon={Activity}
        hint="Last 24 hours"
        testId="card-events"
        explain="Security events recorded for this organization in the last 24 hours: sign-ins, data access checks, privilege changes, suspicious activity and violations."
      >
        <div className="text-2xl font-bold">{metrics.security_events}</div>
      </SummaryCard>
      <SummaryCard
        title="Critical Alerts"
        icon={AlertTriangle}
        hint="Requires immediate attention"
        testId="card-alerts"
        explain={`Critical events in the last 24 hours (${alerts.critical_events}) plus open critical incidents (${alerts.open_critical_incidents}).`}
      >
        <div className={`text-2xl font-bold ${alerts.total > 0 ? 'text-red-600' : ''}`}>
          {alerts.total}
        </div>
        <div className="flex flex-col text-xs">
          <AlertLink count={alerts.critical_events} search={eventsSearch(CRITICAL_EVENTS)}>
            {plural(alerts.critical_events, 'critical event')} in 24 hours
          </AlertLink>
          <AlertLink count={alerts.open_critical_incidents} search="tab=incidents">
            {plural(alerts.open_critical_incidents, 'open critical incident')}
          </AlertLink>
        </div>
      </SummaryCard>
      <SummaryCard
        title="Compliance Score"
        icon={ShieldCheck}
        hint={complianceHint(compliance)}
        testId="card-compliance"
        explain={overallFigureText(compliance)}
      >
        {score === null ? (
          <div className="text-2xl font-bold">
            {compliance.available ? C.notAssessed : C.enterpriseOnly}
          </div>
        ) : (
          <>
            <div className="text-2xl font-bold">{formatScore(score)}</div>
            <Progress value={score} aria-label="Compliance score" />
          </>
        )}
      </SummaryCard>
      <SummaryCard
        title="Risk Level"
        icon={Gauge}
        hint={
          metrics.risk_source === 'assessment'
            ? 'From the last security scan'
            : 'Live estimate: run a security scan'
        }
        testId="card-risk"
        explain={<VerdictDetails verdict={metrics.risk_verdict} />}
      >
        <Badge className={RISK_BADGE[metrics.risk_level]} data-testid="risk-badge">
          {RISK_LABEL[metrics.risk_level]}
        </Badge>
      </SummaryCard>
    </div>
  );
}
