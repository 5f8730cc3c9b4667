import { describe, expect, it } from 'vitest';
import { checkUpload, MAX_UPLOAD_BYTES } from './upload.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
const EXE = Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1');

describe('checkUpload (spec part 2 section 5)', () => {
  it.each([
    ['screen.png', PNG, 'image/png'],
    ['photo.JPG', JPEG, 'image/jpeg'],
    ['anim.gif', GIF, 'image/gif'],
    ['policy.pdf', PDF, 'application/pdf'],
    ['policy', PDF, 'application/pdf'],
    ['notes.txt', Buffer.from('Access review done.\r\n\tAll good.\n'), 'text/plain'],
    ['members.csv', Buffer.from('email,role\nana@example.com,admin\n'), 'text/csv'],
    ['résumé ü.txt', Buffer.from('naïve café ✓\n'), 'text/plain'],
  ])('accepts %s as %s', (name, bytes, mediaType) => {
    expect(checkUpload(name, bytes)).toEqual({ ok: true, mediaType });
  });

  it('refuses more than 10 MB with the spec message, and takes exactly 10 MB', () => {
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x61);
    expect(checkUpload('big.txt', big)).toEqual({
      ok: false,
      message: 'File size exceeds 10MB limit',
    });
    expect(checkUpload('big.txt', big.subarray(0, MAX_UPLOAD_BYTES))).toEqual({
      ok: true,
      mediaType: 'text/plain',
    });
  });

  it.each([
    'run.exe',
    'a.bat',
    'a.cmd',
    'a.com',
    'a.pif',
    'a.scr',
    'a.vbs',
    'app.js',
    'INVOICE.EXE',
    'invoice.exe.pdf',
    'x.exe. . ',
    'dir/evil.js',
  ])('refuses %s as a dangerous extension, whatever its bytes', (name) => {
    expect(checkUpload(name, PDF)).toEqual({
      ok: false,
      message: 'Dangerous file extension detected',
    });
  });

  it.each([
    ['setup.pdf', EXE, 'an executable named .pdf'],
    ['photo.png', JPEG, 'a JPEG named .png'],
    ['report.pdf', Buffer.from('plain words'), 'text named .pdf'],
    ['archive.zip', Buffer.from('PK\x03\x04\x14\x00', 'latin1'), 'a ZIP'],
    ['page.txt', Buffer.from('<!DOCTYPE html><script>alert(1)</script>'), 'HTML named .txt'],
    ['image.txt', Buffer.from('<svg onload="alert(1)"/>'), 'SVG named .txt'],
    ['bin.txt', Buffer.from([0x61, 0x00, 0x62]), 'text with a NUL byte'],
    ['latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9]), 'text that is not UTF-8'],
    ['empty.txt', Buffer.alloc(0), 'an empty file'],
  ])('refuses %s (%s): File type not allowed', (name, bytes) => {
    expect(checkUpload(name, bytes)).toEqual({ ok: false, message: 'File type not allowed' });
  });
});
