import { z } from 'zod';
import { textField } from './text-field.ts';

/** At most this far ahead: a risk acceptance is reviewed at least once a year. */
export const MUTE_RULE_MAX_DAYS = 366;

export const MUTE_RULE_TEXT = {
  needsMatch: 'A mute rule needs at least one of checkId, resourcePattern, tag, account or region',
  expiresPast: 'expiresAt must be in the future',
  expiresTooFar: `expiresAt must be within ${MUTE_RULE_MAX_DAYS} days`,
  denied: 'Only administrators can manage mute rules',
} as const;

const optionalText = (max: number, label: string) =>
  textField()
    .trim()
    .min(1, `${label} must not be empty`)
    .max(max, `${label} must be at most ${max} characters`)
    .optional();

const expiresAt = z.iso
  .datetime({
    offset: true,
    error: 'expiresAt must be an ISO date-time such as 2027-01-31T00:00:00Z',
  })
  .refine((value) => Date.parse(value) > Date.now(), MUTE_RULE_TEXT.expiresPast)
  .refine(
    (value) => Date.parse(value) <= Date.now() + MUTE_RULE_MAX_DAYS * 86_400_000,
    MUTE_RULE_TEXT.expiresTooFar,
  );

const matchFields = {
  checkId: optionalText(128, 'checkId'),
  /** A resource id, with `*` matching any run of characters. */
  resourcePattern: optionalText(1024, 'resourcePattern'),
  /** A resource tag as key=value. */
  tag: textField()
    .trim()
    .max(384, 'tag must be at most 384 characters')
    .regex(/^[^=]{1,128}=.{0,256}$/, 'tag must be key=value, such as env=sandbox')
    .optional(),
  account: optionalText(64, 'account'),
  region: optionalText(64, 'region'),
};

const hasMatch = (rule: Partial<Record<keyof typeof matchFields, string>>) =>
  Object.keys(matchFields).some((key) => rule[key as keyof typeof matchFields] !== undefined);

/** POST /api/cloud/mute-rules: a finding matching every given field is muted until expiresAt. */
export const ZCloudMuteRuleCreate = z
  .object({
    ...matchFields,
    reason: textField({ error: 'reason is required' })
      .trim()
      .min(1, 'reason is required')
      .max(1000, 'reason must be at most 1000 characters'),
    expiresAt,
  })
  .refine(hasMatch, MUTE_RULE_TEXT.needsMatch);
export type TCloudMuteRuleCreate = z.input<typeof ZCloudMuteRuleCreate>;

/** PATCH /api/cloud/mute-rules/:id: a new reason or expiry. */
export const ZCloudMuteRuleUpdate = z
  .object({
    reason: textField()
      .trim()
      .min(1, 'reason must not be empty')
      .max(1000, 'reason must be at most 1000 characters')
      .optional(),
    expiresAt: expiresAt.optional(),
  })
  .refine((body) => body.reason !== undefined || body.expiresAt !== undefined, {
    error: 'Give a reason or an expiresAt to change',
  });
export type TCloudMuteRuleUpdate = z.input<typeof ZCloudMuteRuleUpdate>;

export const ZCloudMuteRule = z.object({
  id: z.uuid(),
  checkId: z.string().nullable(),
  resourcePattern: z.string().nullable(),
  tag: z.string().nullable(),
  account: z.string().nullable(),
  region: z.string().nullable(),
  reason: z.string(),
  expiresAt: z.string(),
  /** E-mail of the admin who made it (null once that user is gone). */
  author: z.string().nullable(),
  createdAt: z.string(),
  expired: z.boolean(),
  /** Open findings of the organization the rule hides now. */
  hiddenCount: z.number().int(),
});
export type TCloudMuteRule = z.infer<typeof ZCloudMuteRule>;

export const ZCloudMuteRuleList = z.object({ rules: z.array(ZCloudMuteRule) });
export type TCloudMuteRuleList = z.infer<typeof ZCloudMuteRuleList>;
