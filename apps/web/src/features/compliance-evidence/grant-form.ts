import type { TAuditorGrantCreate, TComplianceFrameworkId } from '@netguard/contracts';

/** The Grant Access form: days as <input type="date"> gives them (YYYY-MM-DD), read as UTC days. */
export type TGrantForm = {
  email: string;
  frameworkId: TComplianceFrameworkId;
  periodStart: string;
  periodEnd: string;
  expiresOn: string;
};

/**
 * The grant the form asks for: the audit period from the first day's start to the last day's
 * end, access until the end of the expiry day (UTC). An empty day stays empty for the server to
 * refuse with its message.
 * @example toGrantBody({ ...form, periodStart: '2026-07-01' }).periodStart // '2026-07-01T00:00:00Z'
 */
export function toGrantBody(form: TGrantForm): TAuditorGrantCreate {
  const day = (value: string, time: string) => (value ? `${value}T${time}Z` : '');
  return {
    email: form.email,
    frameworkId: form.frameworkId,
    periodStart: day(form.periodStart, '00:00:00'),
    periodEnd: day(form.periodEnd, '23:59:59'),
    expiresAt: day(form.expiresOn, '23:59:59'),
  };
}
