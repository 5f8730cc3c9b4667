import type { TVulnSeverity } from '@netguard/contracts';
import type { MailMessage } from '../../lib/mailer.ts';

type FinishedScan = {
  id: string;
  scanName: string;
  status: 'completed' | 'failed' | 'cancelled';
  error: string | null;
  targetHosts: string[];
};

const scanLink = (publicUrl: string, id: string) => `${publicUrl}/dashboard/scans/${id}`;

/** "Scan completed: <name>" or "Scan failed: <name>" with the scan's page. */
export function scanFinishedNotice(to: string, scan: FinishedScan, publicUrl: string): MailMessage {
  const link = scanLink(publicUrl, scan.id);
  const outcome = scan.status === 'completed' ? 'completed' : 'failed';
  const lines = [
    `Your scan "${scan.scanName}" of ${scan.targetHosts.join(', ')} has ${outcome}.`,
    ...(scan.status === 'completed' ? [] : [`Reason: ${scan.error ?? 'not recorded'}`]),
    '',
    `Open the results: ${link}`,
  ];
  return { to, subject: `Scan ${outcome}: ${scan.scanName}`, text: lines.join('\n'), link };
}

export type NewFinding = {
  title: string;
  severity: TVulnSeverity;
  host: string;
  port: number | null;
};

/** The critical and high vulnerabilities a scan found for the first time (or found again). */
export function newVulnerabilitiesNotice(
  to: string,
  scan: { id: string; scanName: string },
  findings: NewFinding[],
  publicUrl: string,
): MailMessage {
  const link = `${publicUrl}/dashboard/vulnerabilities?status=unmitigated`;
  const list = findings
    .slice(0, 20)
    .map(
      (f) =>
        `- [${f.severity.toUpperCase()}] ${f.title} on ${f.port === null ? f.host : `${f.host}:${f.port}`}`,
    );
  const more = findings.length > 20 ? [`...and ${findings.length - 20} more`] : [];
  return {
    to,
    subject: `${findings.length} new critical or high ${findings.length === 1 ? 'vulnerability' : 'vulnerabilities'} in ${scan.scanName}`,
    text: [`Scan "${scan.scanName}" found:`, ...list, ...more, '', `Review them: ${link}`].join(
      '\n',
    ),
    link,
  };
}

export type WeeklyFigures = {
  scans: number;
  completed: number;
  failed: number;
  newVulnerabilities: number;
  open: Record<TVulnSeverity, number>;
  overdue: number;
  fixed: number;
};

/** The weekly security summary of an organization. */
export function weeklyReportNotice(to: string, w: WeeklyFigures, publicUrl: string): MailMessage {
  const link = `${publicUrl}/dashboard`;
  const text = [
    'Your NetGuard week:',
    `- Scans: ${w.scans} (${w.completed} completed, ${w.failed} failed)`,
    `- New vulnerabilities: ${w.newVulnerabilities}`,
    `- Fixed: ${w.fixed}`,
    `- Open: ${w.open.critical} critical, ${w.open.high} high, ${w.open.medium} medium, ${w.open.low} low, ${w.open.info} info`,
    `- Past their due date: ${w.overdue}`,
    '',
    `Dashboard: ${link}`,
  ].join('\n');
  return { to, subject: 'Your weekly NetGuard security report', text, link };
}
