import { describe, expect, it } from 'vitest';
import { batchRequest, defaultBatchForm } from '@/features/remediation/batch-form';
import { toLocalInput } from '@/lib/format';

const now = new Date('2026-11-27T10:00:00Z');
const ids = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2'];

describe('defaultBatchForm', () => {
  it('starts five minutes from now, with a 2 h window, stopping on failure', () => {
    const form = defaultBatchForm(now);
    expect(form.scheduleTime).toBe(toLocalInput(new Date('2026-11-27T10:05:00Z')));
    expect(form).toMatchObject({ windowMinutes: '120', maxHostsPerRun: '', stopOnFailure: true });
  });
});

describe('batchRequest', () => {
  it('turns the form into the API body: ISO time, numbers, the policy default left out', () => {
    const form = { ...defaultBatchForm(now), vulnerabilities: ids, windowMinutes: '90' };
    expect(batchRequest(form)).toEqual({
      body: {
        vulnerabilities: ids,
        actionTemplates: [],
        scheduleTime: '2026-11-27T10:05:00.000Z',
        windowMinutes: 90,
        stopOnFailure: true,
      },
    });
  });

  it('sends max hosts per run, stop on failure off and the typed APPLY when given', () => {
    const form = {
      ...defaultBatchForm(now),
      vulnerabilities: ids.slice(0, 1),
      maxHostsPerRun: '3',
      stopOnFailure: false,
      acknowledgement: ' APPLY ',
    };
    expect(batchRequest(form)).toMatchObject({
      body: { maxHostsPerRun: 3, stopOnFailure: false, acknowledgement: 'APPLY' },
    });
  });

  it('names what is missing or out of range, one message per field', () => {
    const form = {
      ...defaultBatchForm(now),
      scheduleTime: '',
      windowMinutes: '1',
      maxHostsPerRun: '0',
    };
    expect(batchRequest(form)).toEqual({
      problems: {
        vulnerabilities: 'Choose at least one vulnerability',
        scheduleTime: 'Pick a date and time',
        windowMinutes: expect.any(String),
        maxHostsPerRun: expect.any(String),
      },
    });
  });
});
