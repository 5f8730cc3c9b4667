import { z } from 'zod';
import { textField } from './text-field.ts';
import { ZUsername } from './validation.ts';

export const PROFILE_MESSAGES = { companyNameTooLong: 'Company name too long' } as const;

/** The signed-in user's profile (GET /api/profile). */
export const ZProfile = z.object({
  user_id: z.uuid(),
  email: z.string(),
  username: z.string().nullable(),
  company_name: z.string().nullable(),
  subscription_tier: z.enum(['Free', 'Professional', 'Enterprise', 'Unknown']),
  updated_at: z.string(),
});
export type TProfile = z.infer<typeof ZProfile>;

/** PATCH /api/profile: omitted fields stay, empty strings (or null) clear the field. */
export const ZUpdateProfileBody = z.object({
  username: z
    .union([ZUsername, z.literal('')])
    .nullable()
    .optional(),
  company_name: textField()
    .trim()
    .max(100, PROFILE_MESSAGES.companyNameTooLong)
    .nullable()
    .optional(),
});
export type TUpdateProfileBody = z.infer<typeof ZUpdateProfileBody>;
