// The first deployment operator: the one-time setup link `npm start` prints while there is none.
import { z } from 'zod';
import { textField } from './text-field.ts';

/** The query parameter of the one-time link that makes the first deployment operator. */
export const OPERATOR_SETUP_PARAM = 'operator_setup';

export const ZOperatorSetupBody = z.object({
  token: textField().trim().min(1, 'The setup link has no token').max(200),
});
export type TOperatorSetupBody = z.infer<typeof ZOperatorSetupBody>;

export const ZOperatorSetupResult = z.object({ operator: z.literal(true) });

export const OPERATOR_SETUP_TEXT = {
  claimed:
    'You are this deployment’s operator: you may scan this machine and reach its loopback addresses, and add more operators with “netguard operators add”.',
  invalid: 'This operator setup link was used already or is no longer valid.',
} as const;
