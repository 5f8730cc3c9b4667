import { z } from 'zod';
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

const PASSWORD_SPECIALS = /[!@#$%^&*]/;

/** Password strength rule for new passwords (sign-up, reset). */
export const ZPassword = textField({ error: M.passwordTooShort })
  .min(8, M.passwordTooShort)
  .max(128, M.passwordTooLong)
  .refine(
    (p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p) && PASSWORD_SPECIALS.test(p),
    M.passwordComplexity,
  );

/** The second password check: one message per unmet requirement, for a checklist in forms. */
export function listPasswordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < 8) problems.push('At least 8 characters');
  if (!/[A-Z]/.test(password)) problems.push('One uppercase letter');
  if (!/[a-z]/.test(password)) problems.push('One lowercase letter');
  if (!/\d/.test(password)) problems.push('One number');
  if (!PASSWORD_SPECIALS.test(password)) problems.push('One special character');
  return problems;
}

/** Username: 3 to 50 of letters, digits, underscore, hyphen. */
export const ZUsername = textField({ error: M.usernameTooShort })
  .trim()
  .min(3, M.usernameTooShort)
  .max(50, M.usernameTooLong)
  .regex(/^[A-Za-z0-9_-]+$/, M.usernameChars);

export const ZUuid = z.uuid(M.uuid);

const IPV4_OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
export const IPV4_PATTERN = new RegExp(`^${IPV4_OCTET}(\\.${IPV4_OCTET}){3}$`);

/** True for a dotted-quad IPv4 address with octets 0-255. */
export function isIPv4(value: string): boolean {
  return IPV4_PATTERN.test(value);
}

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
