import { REMEDIATION_WORKFLOW_TEMPLATES } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import {
  CUSTOM_TEMPLATE,
  workflowFrom,
  workflowProblems,
} from '@/features/remediation/workflow-form';

describe('workflowFrom', () => {
  it('starts from a contracts template, or an empty custom one', () => {
    expect(workflowFrom('0').name).toBe(REMEDIATION_WORKFLOW_TEMPLATES[0]?.name);
    expect(workflowFrom(CUSTOM_TEMPLATE).name).toBe('');
  });

  it('copies the severities so editing them leaves the template alone', () => {
    const values = workflowFrom('1');
    values.trigger.severities.push('low');
    expect(REMEDIATION_WORKFLOW_TEMPLATES[1]?.trigger.severities).not.toContain('low');
  });
});

describe('workflowProblems', () => {
  it('asks for a name and a severity', () => {
    const values = workflowFrom(CUSTOM_TEMPLATE);
    values.trigger.severities = [];
    expect(workflowProblems(values)).toEqual({
      name: 'Enter a name',
      trigger: 'Choose at least one severity',
    });
    expect(workflowProblems(workflowFrom('0'))).toEqual({});
  });
});
