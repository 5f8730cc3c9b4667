import type { TCloudMuteRule, TCloudMuteRuleCreate } from '@netguard/contracts';

/** The match fields of a mute rule, in the order the form and the list show them. */
export const MUTE_MATCH_FIELDS = [
  { name: 'checkId', label: 'Check ID', placeholder: 'aws_ec2_sg_open_ssh' },
  { name: 'resourcePattern', label: 'Resource pattern', placeholder: 'sg-0abc*' },
  { name: 'tag', label: 'Tag', placeholder: 'env=sandbox' },
  { name: 'account', label: 'Account', placeholder: '123456789012' },
  { name: 'region', label: 'Region', placeholder: 'us-east-1' },
] as const;

type TMatchName = (typeof MUTE_MATCH_FIELDS)[number]['name'];
export type TMuteRuleForm = Record<TMatchName | 'reason', string> & {
  /** yyyy-mm-dd from a date input. */
  expiresOn: string;
};

/**
 * The create body from the form: blank fields left out, the expiry date as the end of that day
 * in UTC (a rule muted "until 31 Jan" still mutes on 31 Jan).
 * @example toMuteRuleBody({ ...form, expiresOn: '2027-01-31' }).expiresAt // '2027-01-31T23:59:59Z'
 */
export function toMuteRuleBody(form: TMuteRuleForm): TCloudMuteRuleCreate {
  const body: TCloudMuteRuleCreate = {
    reason: form.reason.trim(),
    expiresAt: form.expiresOn ? `${form.expiresOn}T23:59:59Z` : '',
  };
  for (const { name } of MUTE_MATCH_FIELDS) {
    const value = form[name].trim();
    if (value) body[name] = value;
  }
  return body;
}

/** "checkId aws_s3_bucket_policy_public, region eu-west-1": what a rule matches. */
export function describeMatch(rule: TCloudMuteRule): string {
  return MUTE_MATCH_FIELDS.filter(({ name }) => rule[name])
    .map(({ label, name }) => `${label} ${rule[name]}`)
    .join(', ');
}
