import {
  REMEDIATION_WORKFLOW_TEMPLATES,
  type TRemediationWorkflowTemplate,
  ZRemediationWorkflowTemplate,
} from '@netguard/contracts';

/** The template picker's choices: the contracts' starting points, by index, or custom. */
export const CUSTOM_TEMPLATE = 'custom';

export const EMPTY_WORKFLOW: TRemediationWorkflowTemplate = {
  name: '',
  enabled: true,
  trigger: { severities: ['critical'], kevOnly: false },
  proposeWithinHours: 24,
  requireApproval: true,
};

/** The form's values for a template choice ('0', '1', … or custom). */
export function workflowFrom(choice: string): TRemediationWorkflowTemplate {
  const template = REMEDIATION_WORKFLOW_TEMPLATES[Number(choice)];
  const base = template ?? EMPTY_WORKFLOW;
  return { ...base, trigger: { ...base.trigger, severities: [...base.trigger.severities] } };
}

/** The contracts' schema's complaints, one per field ('name', 'trigger', 'proposeWithinHours'). */
export function workflowProblems(values: TRemediationWorkflowTemplate): Record<string, string> {
  const parsed = ZRemediationWorkflowTemplate.safeParse(values);
  const problems: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) problems[String(issue.path[0])] ??= issue.message;
  return problems;
}
