import { describe, expect, it } from 'vitest';
import {
  detectAttacks,
  escapeHtml,
  sanitizeInput,
  sanitizeShort,
  validateUpload,
} from './text-input.ts';

describe('file upload rule', () => {
  it('accepts an allowed small file', () => {
    expect(validateUpload({ name: 'scan.csv', size: 1024, type: 'text/csv' })).toEqual([]);
  });
  it('reports size, type and dangerous extension with the spec messages', () => {
    expect(
      validateUpload({ name: 'big.pdf', size: 10 * 1024 * 1024 + 1, type: 'application/pdf' }),
    ).toEqual(['File size exceeds 10MB limit']);
    expect(validateUpload({ name: 'x.zip', size: 10, type: 'application/zip' })).toEqual([
      'File type not allowed',
    ]);
    expect(validateUpload({ name: 'notes.txt.exe', size: 10, type: 'text/plain' })).toEqual([
      'Dangerous file extension detected',
    ]);
  });
});

describe('text input rule', () => {
  it('rejects non-strings', () => {
    expect(sanitizeInput(42).errors).toEqual(['Input must be a string']);
  });
  it('truncates input over 10000 characters', () => {
    const result = sanitizeInput('a'.repeat(10_050), 'raw');
    expect(result.value).toHaveLength(10_000);
    expect(result.errors).toEqual(['Input too long']);
  });
  it('strips attack patterns with their messages', () => {
    expect(sanitizeInput("name' OR 1=1 --", 'raw').errors).toContain(
      'Potential SQL injection detected',
    );
    const xss = sanitizeInput('hi <script>alert(1)</script>', 'raw');
    expect(xss.value).toBe('hi ');
    expect(xss.errors).toContain('Potential XSS attack detected');
    const path = sanitizeInput('../../etc/passwd', 'raw');
    expect(path.value).toBe('etc/passwd');
    expect(path.errors).toContain('Potential path traversal attack detected');
  });
  it('escapes HTML in text mode', () => {
    expect(sanitizeInput('a < b & c > d').value).toBe('a &lt; b &amp; c &gt; d');
    expect(escapeHtml(`"x" 'y'`)).toBe('&quot;x&quot; &#x27;y&#x27;');
  });
  it('cuts the short sanitizer at 1000 characters', () => {
    expect(sanitizeShort('<'.repeat(600))).toHaveLength(1000);
  });
  it('names attack classes including command injection', () => {
    expect(detectAttacks('x; rm -rf /')).toContain('Command Injection');
    expect(detectAttacks('<script>')).toContain('XSS');
    expect(detectAttacks('plain words')).toEqual([]);
  });
});
