import { describe, expect, it } from 'vitest';
import {
  cvssText,
  dayText,
  detectionText,
  dueText,
  epssText,
  kevText,
  otherCvssTexts,
} from './evidence-text';

describe('dayText', () => {
  it('shows a feed date as that calendar day whatever the time zone', () => {
    expect(dayText('2024-07-01')).toBe('Jul 1, 2024');
  });

  it('says the date is unknown instead of inventing one', () => {
    expect(dayText(null)).toBe('date unknown');
    expect(dayText('not a date')).toBe('not a date');
  });
});

describe('cvssText', () => {
  it('names the version, base score and severity', () => {
    expect(
      cvssText({
        version: '3.1',
        base_score: 8.1,
        vector: 'CVSS:3.1/AV:N',
        severity: 'high',
        others: [],
      }),
    ).toBe('CVSS 3.1 base score 8.1 (high)');
    expect(
      cvssText({ version: null, base_score: 5, vector: null, severity: null, others: [] }),
    ).toBe('CVSS base score 5.0');
  });

  it('says which of a 3.1 and a 4.0 vector the score starts from', () => {
    const v40 = 'CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N';
    const cvss = {
      version: '3.1' as const,
      base_score: 8.1,
      vector: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H',
      severity: 'high',
      others: [{ version: '4.0' as const, base_score: 9.2, vector: v40, severity: 'critical' }],
    };
    expect(cvssText(cvss)).toBe('CVSS 3.1 base score 8.1 (high): the score starts from it');
    expect(otherCvssTexts(cvss)).toEqual([
      { text: 'CVSS 4.0 base score 9.2 (critical), not scored', vector: v40 },
    ]);
    expect(otherCvssTexts(null)).toEqual([]);
  });

  it('is null without CVSS data', () => {
    expect(cvssText(null)).toBeNull();
  });
});

describe('epssText', () => {
  it('gives score, percentile, date and model as the feed stated them', () => {
    expect(
      epssText({
        score: 0.41234,
        percentile: 0.9712,
        date: '2026-11-24',
        model_version: 'v2025.03.14',
      }),
    ).toBe('EPSS 0.412 (percentile 97%) on Nov 24, 2026, model v2025.03.14');
  });

  it('says what the feed did not state', () => {
    expect(epssText({ score: 0.02, percentile: 0.5, date: null, model_version: null })).toBe(
      'EPSS 0.020 (percentile 50%) on date unknown, model not stated',
    );
    expect(epssText(null)).toBeNull();
  });
});

describe('kevText', () => {
  it('gives the dates and the ransomware flag, unknown when the catalog leaves it out', () => {
    expect(kevText({ date_added: '2024-07-01', due_date: '2024-07-22', ransomware: true })).toBe(
      'In CISA KEV since Jul 1, 2024, due Jul 22, 2024; known ransomware use: yes',
    );
    expect(kevText({ date_added: null, due_date: null, ransomware: null })).toBe(
      'In CISA KEV since date unknown, due date unknown; known ransomware use: unknown',
    );
    expect(kevText(null)).toBeNull();
  });
});

describe('detectionText', () => {
  it('names the method with its quality of detection and the distribution build', () => {
    expect(
      detectionText({
        method: 'package_revision',
        qod: 97,
        detail: '9.2p1 Debian-2+deb12u2 < 9.2p1-2+deb12u3',
        distribution: 'Debian 12',
      }),
    ).toBe('Package revision matched against the distribution fix (QoD 97%, Debian 12)');
    expect(
      detectionText({ method: 'upstream_version', qod: 80, detail: '', distribution: null }),
    ).toBe('Upstream version only (backports unknown) (QoD 80%)');
    expect(detectionText(null)).toBeNull();
  });
});

describe('dueText', () => {
  const now = Date.parse('2026-11-25T10:00:00Z');

  it('shows a KEV due date as its calendar day, and says when it has passed', () => {
    expect(dueText('2026-12-01', now)).toBe('Due Dec 1, 2026');
    expect(dueText('2024-07-31', now)).toBe('Overdue since Jul 31, 2024');
  });

  it('says there is no due date rather than inventing one', () => {
    expect(dueText(null, now)).toBe('No due date');
  });
});
