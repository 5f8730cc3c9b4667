import { z } from 'zod';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.ts';
import { isIPv4 } from './ipv4.ts';
import { textField } from './text-field.ts';

/** Messages of the shared input-validation rules (spec part 2, "Input-validation rules"), kept verbatim. */
export const VALIDATION_MESSAGES = {
  emailInvalid: 'Invalid email format',
  emailTooLong: 'Email too long',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password too long',
  passwordComplexity: 'Password must contain uppercase, lowercase, number, and special character',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username too long',
  usernameChars: 'Username can only contain letters, numbers, underscores, and hyphens',
  uuid: 'Invalid UUID format',
  ip: 'Invalid IP address',
  urlInvalid: 'Invalid URL format',
  urlTooLong: 'URL too long',
  scanNameRequired: 'Scan name required',
  scanNameTooLong: 'Scan name too long',
  scanNameChars: 'Scan name contains invalid characters',
  targetsRequired: 'At least one target host required',
  targetsTooMany: 'Too many target hosts',
  targetInvalid: 'Invalid IP address or hostname',
  scanTypeInvalid: 'Invalid scan type',
  roleInvalid: 'Invalid role',
  fileTooLarge: 'File size exceeds 10MB limit',
  fileTypeNotAllowed: 'File type not allowed',
  fileDangerousExtension: 'Dangerous file extension detected',
  inputNotString: 'Input must be a string',
  inputTooLong: 'Input too long',
  sqlInjection: 'Potential SQL injection detected',
  xss: 'Potential XSS attack detected',
  pathTraversal: 'Potential path traversal attack detected',
} as const;

const M = VALIDATION_MESSAGES;

/** Email: trimmed, lowercased, valid format, at most 255 characters. */
export const ZEmail = textField({ error: M.emailInvalid })
  .trim()
  .toLowerCase()
  .max(255, M.emailTooLong)
  .pipe(z.email(M.emailInvalid));

/** The character classes of the password rule, with their checklist line. */
const PASSWORD_CLASSES = [
  { pattern: /[A-Z]/, problem: 'One uppercase letter' },
  { pattern: /[a-z]/, problem: 'One lowercase letter' },
  { pattern: /\d/, problem: 'One number' },
  { pattern: /[!@#$%^&*]/, problem: 'One special character' },
] as const;
/** The product requires every class; an organization's password policy may require fewer. */
export const PASSWORD_CLASS_COUNT = PASSWORD_CLASSES.length;

/** How many of upper case, lower case, digit and symbol (!@#$%^&*) the password contains. */
export const countPasswordClasses = (password: string) =>
  PASSWORD_CLASSES.filter((c) => c.pattern.test(password)).length;

const ZPasswordLength = textField({ error: M.passwordTooShort })
  .min(8, M.passwordTooShort)
  .max(128, M.passwordTooLong);
const notCommon = (p: string) => !isCommonPassword(p);

/**
 * A new password of an existing account (change, reset): its length, and not a common word in
 * disguise (common-passwords.ts); the character classes it needs come from the user's
 * organizations' password policies (server side).
 */
export const ZNewPassword = ZPasswordLength.refine(notCommon, COMMON_PASSWORD_MESSAGE);

/** Password strength rule for a new account (sign-up): every character class, and not common. */
export const ZPassword = ZPasswordLength.refine(
  (p) => countPasswordClasses(p) === PASSWORD_CLASS_COUNT,
  M.passwordComplexity,
).refine(notCommon, COMMON_PASSWORD_MESSAGE);

/** The second password check: one message per unmet requirement, for a checklist in forms. */
export function listPasswordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < 8) problems.push('At least 8 characters');
  for (const c of PASSWORD_CLASSES) if (!c.pattern.test(password)) problems.push(c.problem);
  return problems;
}

/** Username: 3 to 50 of letters, digits, underscore, hyphen. */
export const ZUsername = textField({ error: M.usernameTooShort })
  .trim()
  .min(3, M.usernameTooShort)
  .max(50, M.usernameTooLong)
  .regex(/^[A-Za-z0-9_-]+$/, M.usernameChars);

export const ZUuid = z.uuid(M.uuid);

export const ZIpAddress = textField().trim().max(15, M.ip).refine(isIPv4, M.ip);

export const ZUrl = textField().trim().max(2048, M.urlTooLong).pipe(z.url(M.urlInvalid));

export const ROLES = ['admin', 'security_analyst', 'auditor', 'viewer'] as const;
export type TRole = (typeof ROLES)[number];
export const ZRole = z.enum(ROLES, { error: M.roleInvalid });

export const ZRoleAssignment = z.object({
  userId: ZUuid,
  role: ZRole,
  organizationId: ZUuid.optional(),
});
