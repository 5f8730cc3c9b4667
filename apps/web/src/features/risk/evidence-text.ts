import { DETECTION_LABELS, type TRiskAssessment } from '@netguard/contracts';
import { formatDateTime } from '@/lib/format';

// Feed dates are calendar days: shown as that day in UTC so no time zone moves them.
const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A feed or scan date for people; "date unknown" when the source gave none. */
export function dayText(iso: string | null): string {
  if (iso === null) return 'date unknown';
  if (DAY_ONLY.test(iso)) return DAY.format(new Date(`${iso}T00:00:00Z`));
  return formatDateTime(iso);
}

/** A queue item's due date (a KEV due day or the finding's deadline), or that it has passed. */
export function dueText(due: string | null, now = Date.now()): string {
  if (due === null) return 'No due date';
  const end = DAY_ONLY.test(due) ? Date.parse(`${due}T23:59:59Z`) : Date.parse(due);
  return `${end < now ? 'Overdue since' : 'Due'} ${dayText(due)}`;
}

const scoreText = (version: string | null, score: number, severity: string | null) =>
  `${version ? `CVSS ${version}` : 'CVSS'} base score ${score.toFixed(1)}${severity ? ` (${severity})` : ''}`;

/**
 * "CVSS 3.1 base score 8.1 (high)", and which one the score starts from when the CVE has vectors
 * of other versions too; null without CVSS data.
 */
export function cvssText(cvss: TRiskAssessment['cvss']): string | null {
  if (!cvss) return null;
  const text = scoreText(cvss.version, cvss.base_score, cvss.severity);
  return cvss.others.length ? `${text}: the score starts from it` : text;
}

/** The CVE's vectors of other CVSS versions (4.0 beside 3.1), each said to be shown, not scored. */
export function otherCvssTexts(cvss: TRiskAssessment['cvss']): { text: string; vector: string }[] {
  return (cvss?.others ?? []).map((o) => ({
    text: `${scoreText(o.version, o.base_score, o.severity)}, not scored`,
    vector: o.vector,
  }));
}

/** EPSS score, percentile, date and model as the feed stated them; null without EPSS data. */
export function epssText(epss: TRiskAssessment['epss']): string | null {
  if (!epss) return null;
  const percentile = Math.round(epss.percentile * 100);
  const model = epss.model_version ? `model ${epss.model_version}` : 'model not stated';
  return `EPSS ${epss.score.toFixed(3)} (percentile ${percentile}%) on ${dayText(epss.date)}, ${model}`;
}

const YES_NO = (flag: boolean | null) => (flag === null ? 'unknown' : flag ? 'yes' : 'no');

/** The CISA KEV entry's dates and ransomware flag; null when the CVE is not in KEV. */
export function kevText(kev: TRiskAssessment['kev']): string | null {
  if (!kev) return null;
  return `In CISA KEV since ${dayText(kev.date_added)}, due ${dayText(kev.due_date)}; known ransomware use: ${YES_NO(kev.ransomware)}`;
}

/** How the finding was established, with its quality of detection; null when not recorded. */
export function detectionText(detection: TRiskAssessment['detection']): string | null {
  if (!detection) return null;
  const build = detection.distribution ? `, ${detection.distribution}` : '';
  return `${DETECTION_LABELS[detection.method]} (QoD ${detection.qod}%${build})`;
}
