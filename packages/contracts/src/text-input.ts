import { VALIDATION_MESSAGES as M } from './validation.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ALLOWED_UPLOAD_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'application/pdf',
  'text/plain',
  'text/csv',
] as const;
export const BLOCKED_EXTENSIONS = ['.exe', '.bat', '.cmd', '.com', '.pif', '.scr', '.vbs', '.js'];

/** Checks an upload's size, type and extension; returns the messages of every broken rule. */
export function validateUpload(file: { name: string; size: number; type: string }): string[] {
  const errors: string[] = [];
  if (file.size > MAX_UPLOAD_BYTES) errors.push(M.fileTooLarge);
  if (!(ALLOWED_UPLOAD_TYPES as readonly string[]).includes(file.type))
    errors.push(M.fileTypeNotAllowed);
  const lower = file.name.toLowerCase();
  if (BLOCKED_EXTENSIONS.some((ext) => lower.endsWith(ext))) errors.push(M.fileDangerousExtension);
  return errors;
}

const MAX_TEXT = 10_000;
const SQL_PATTERN =
  /('|--|;|\/\*|\*\/|\b(union\s+select|select\s+.+\s+from|insert\s+into|drop\s+table|delete\s+from|update\s+\w+\s+set|or\s+1\s*=\s*1)\b)/gi;
const XSS_PATTERN =
  /(<\s*script\b[^>]*>[\s\S]*?<\s*\/\s*script\s*>|<\s*\/?\s*script\b[^>]*>|javascript:|\bon\w+\s*=)/gi;
const PATH_PATTERN = /(\.\.[/\\])+/g;
const COMMAND_PATTERN = /(;|\||&&|`|\$\()\s*(rm|cat|ls|wget|curl|nc|bash|sh|powershell)\b/i;

export type TSanitizeResult = { value: string; errors: string[] };

/**
 * Sanitizes free text: rejects non-strings, truncates past 10000 characters, strips SQL injection,
 * XSS and path traversal patterns; mode 'text' also escapes & < > and quotes.
 */
export function sanitizeInput(input: unknown, mode: 'text' | 'raw' = 'text'): TSanitizeResult {
  if (typeof input !== 'string') return { value: '', errors: [M.inputNotString] };
  const errors: string[] = [];
  let value = input;
  if (value.length > MAX_TEXT) {
    value = value.slice(0, MAX_TEXT);
    errors.push(M.inputTooLong);
  }
  const strip = (pattern: RegExp, message: string) => {
    const next = value.replace(pattern, '');
    if (next !== value) errors.push(message);
    value = next;
  };
  strip(XSS_PATTERN, M.xss);
  strip(SQL_PATTERN, M.sqlInjection);
  strip(PATH_PATTERN, M.pathTraversal);
  if (mode === 'text') value = escapeHtml(value);
  return { value, errors };
}

/** Escapes & < > " ' for safe display in HTML. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

/** The separate short sanitizer: escape and cut to 1000 characters. */
export function sanitizeShort(value: string): string {
  return escapeHtml(value).slice(0, 1000);
}

/** Names the attack classes found in a string (SQL Injection, XSS, Path Traversal, Command Injection). */
export function detectAttacks(value: string): string[] {
  const found: string[] = [];
  if (new RegExp(SQL_PATTERN.source, 'i').test(value)) found.push('SQL Injection');
  if (new RegExp(XSS_PATTERN.source, 'i').test(value)) found.push('XSS');
  if (new RegExp(PATH_PATTERN.source).test(value)) found.push('Path Traversal');
  if (COMMAND_PATTERN.test(value)) found.push('Command Injection');
  return found;
}
