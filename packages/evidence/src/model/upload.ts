// Manual evidence uploads under the spec's file rules (part 2 section 5, kept word for word): at
// most 10 MB, only JPEG, PNG, GIF, PDF, plain text and CSV, never a dangerous extension. The type
// is read from the bytes; the name only decides between plain text and CSV and is checked for
// blocked extensions and for claiming a type the bytes are not.

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const UPLOAD_MESSAGES = {
  tooLarge: 'File size exceeds 10MB limit',
  typeNotAllowed: 'File type not allowed',
  dangerousExtension: 'Dangerous file extension detected',
} as const;

export const BLOCKED_EXTENSIONS = ['exe', 'bat', 'cmd', 'com', 'pif', 'scr', 'vbs', 'js'] as const;

export type UploadMediaType =
  | 'image/jpeg'
  | 'image/png'
  | 'image/gif'
  | 'application/pdf'
  | 'text/plain'
  | 'text/csv';

export type UploadCheck = { ok: true; mediaType: UploadMediaType } | { ok: false; message: string };

const MAGIC: [UploadMediaType, number[]][] = [
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/gif', [...Buffer.from('GIF87a')]],
  ['image/gif', [...Buffer.from('GIF89a')]],
  ['application/pdf', [...Buffer.from('%PDF-')]],
];

/** What each extension claims; a name that claims one type for bytes of another is refused. */
const CLAIMS: Record<string, UploadMediaType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
  txt: 'text/plain',
  text: 'text/plain',
  log: 'text/plain',
  md: 'text/plain',
  csv: 'text/csv',
};

/** Markup a browser would sniff as HTML or XML (WHATWG MIME sniffing): not plain text here. */
const MARKUP = /^\s*<(!doctype html|html|head|body|script|iframe|svg|\?xml|!--)/i;

/** Extensions of the name, last dot-part included, trailing dots and spaces ignored (Windows drops them). */
function extensionsOf(name: string): string[] {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base
    .replace(/[. ]+$/, '')
    .toLowerCase()
    .split('.')
    .slice(1);
}

function sniff(bytes: Uint8Array): UploadMediaType | 'text' | undefined {
  for (const [type, magic] of MAGIC) if (magic.every((b, i) => bytes[i] === b)) return type;
  return isPlainText(bytes) ? 'text' : undefined;
}

/** UTF-8 with no control characters other than tab, line feed, form feed and carriage return. */
function isPlainText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text) && !MARKUP.test(text);
}

/**
 * Checks an upload against the spec's rules: size, then blocked extensions (any dot-part of the
 * name, so `invoice.exe.pdf` is refused), then the type the bytes show.
 * @example checkUpload('policy.pdf', bytes) // { ok: true, mediaType: 'application/pdf' }
 */
export function checkUpload(name: string, bytes: Uint8Array): UploadCheck {
  if (bytes.length > MAX_UPLOAD_BYTES) return { ok: false, message: UPLOAD_MESSAGES.tooLarge };
  const extensions = extensionsOf(name);
  if (extensions.some((e) => (BLOCKED_EXTENSIONS as readonly string[]).includes(e)))
    return { ok: false, message: UPLOAD_MESSAGES.dangerousExtension };
  const sniffed = sniff(bytes);
  if (!sniffed || bytes.length === 0) return { ok: false, message: UPLOAD_MESSAGES.typeNotAllowed };
  const last = extensions.at(-1);
  const claimed = last ? CLAIMS[last] : undefined;
  const mediaType =
    sniffed === 'text' ? (claimed === 'text/csv' ? 'text/csv' : 'text/plain') : sniffed;
  if (claimed && claimed !== mediaType && !(sniffed === 'text' && claimed.startsWith('text/')))
    return { ok: false, message: UPLOAD_MESSAGES.typeNotAllowed };
  return { ok: true, mediaType };
}
