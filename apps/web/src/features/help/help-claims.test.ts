import { describe, expect, it } from 'vitest';
import { REPORT_FRAMEWORKS_TEXT, transitProtection } from './help-claims';

describe('help claims', () => {
  it('names the frameworks the Compliance Report maps to', () => {
    expect(REPORT_FRAMEWORKS_TEXT).toBe('ISO 27001, NIST CSF and CIS Controls');
  });

  it('says data is encrypted in transit only over HTTPS', () => {
    expect(transitProtection('https:')).toMatchObject({
      encrypted: true,
      text: expect.stringMatching(/over HTTPS: .* is encrypted in transit/),
    });
    expect(transitProtection('http:')).toMatchObject({
      encrypted: false,
      text: expect.stringMatching(/over plain HTTP: .* is not encrypted in transit/),
    });
  });
});
