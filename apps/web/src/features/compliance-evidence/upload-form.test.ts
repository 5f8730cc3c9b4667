import { describe, expect, it } from 'vitest';
import {
  parseRequirementRefs,
  uploadProblems,
  uploadQuery,
} from '@/features/compliance-evidence/upload-form';

describe('evidence upload form', () => {
  it('says the spec messages word for word', () => {
    expect(
      uploadProblems({ name: 'p.pdf', size: 10 * 1024 * 1024 + 1, type: 'application/pdf' }),
    ).toEqual(['File size exceeds 10MB limit']);
    expect(uploadProblems({ name: 'p.docx', size: 10, type: 'application/msword' })).toEqual([
      'File type not allowed',
    ]);
    expect(uploadProblems({ name: 'run.js', size: 10, type: 'text/plain' })).toEqual([
      'Dangerous file extension detected',
    ]);
    expect(uploadProblems({ name: 'policy.pdf', size: 10, type: 'application/pdf' })).toEqual([]);
    expect(uploadProblems(null)).toEqual([]);
  });

  it('reads requirement references and builds the query', () => {
    expect(parseRequirementRefs(' soc2:CC1.4,iso27001:A.5.1 ,, ')).toEqual([
      'soc2:CC1.4',
      'iso27001:A.5.1',
    ]);
    const q = new URLSearchParams(
      uploadQuery({
        name: 'policy.pdf',
        title: ' Access policy ',
        type: 'policy_document',
        requirementIds: ['soc2:CC1.4', 'soc2:CC6.1'],
        observedAt: '2026-11-01T09:30',
        validDays: 90,
      }),
    );
    expect(q.get('title')).toBe('Access policy');
    expect(q.get('requirementIds')).toBe('soc2:CC1.4,soc2:CC6.1');
    expect(q.get('observedAt')).toBe(new Date('2026-11-01T09:30').toISOString());
    expect(q.get('validDays')).toBe('90');
  });
});
