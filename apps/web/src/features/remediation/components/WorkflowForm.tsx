import {
  REMEDIATION_WORKFLOW_TEMPLATES,
  type TRemediationWorkflowTemplate,
  VULN_SEVERITIES,
} from '@netguard/contracts';
import { useState } from 'react';
import { CheckboxGroup } from '@/components/CheckboxGroup';
import { LabeledSelect } from '@/components/LabeledSelect';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { FormField } from '@/features/auth/components/FormField';
import { useCreateWorkflow } from '@/features/remediation/admin-api';
import {
  CUSTOM_TEMPLATE,
  workflowFrom,
  workflowProblems,
} from '@/features/remediation/workflow-form';

const CHOICES = [...REMEDIATION_WORKFLOW_TEMPLATES.map((_, i) => String(i)), CUSTOM_TEMPLATE];
const CHOICE_LABELS: Record<string, string> = { [CUSTOM_TEMPLATE]: 'Custom' };
REMEDIATION_WORKFLOW_TEMPLATES.forEach((t, i) => {
  CHOICE_LABELS[String(i)] = t.name;
});
const SEVERITY_LABELS = Object.fromEntries(
  VULN_SEVERITIES.map((s) => [s, s[0]?.toUpperCase() + s.slice(1)]),
) as Record<(typeof VULN_SEVERITIES)[number], string>;

/** New workflow: from a template or custom, checked by the contracts' schema. */
export function WorkflowForm() {
  const create = useCreateWorkflow();
  const [choice, setChoice] = useState('0');
  const [values, setValues] = useState<TRemediationWorkflowTemplate>(() => workflowFrom('0'));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const set = (patch: Partial<TRemediationWorkflowTemplate>) =>
    setValues((v) => ({ ...v, ...patch }));
  const pick = (next: string) => {
    setChoice(next);
    setValues(workflowFrom(next));
    setProblems({});
  };
  const submit = () => {
    const found = workflowProblems(values);
    setProblems(found);
    if (Object.keys(found).length === 0) create.mutate(values, { onSuccess: () => pick(choice) });
  };

  return (
    <form
      className="min-w-0 space-y-4 rounded-md border p-3"
      aria-label="New workflow"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <LabeledSelect
        id="workflow-template"
        label="Start from"
        value={choice}
        options={CHOICES}
        labels={CHOICE_LABELS}
        onChange={pick}
      />
      <FormField
        id="workflow-name"
        label="Name"
        value={values.name}
        error={problems.name}
        onChange={(event) => set({ name: event.target.value })}
      />
      <CheckboxGroup
        id="workflow-severities"
        legend="Severities"
        options={VULN_SEVERITIES}
        labels={SEVERITY_LABELS}
        value={values.trigger.severities}
        error={problems.trigger}
        onChange={(severities) => set({ trigger: { ...values.trigger, severities } })}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          id="workflow-hours"
          label="Propose within (hours)"
          type="number"
          min={1}
          max={720}
          value={values.proposeWithinHours ?? ''}
          error={problems.proposeWithinHours}
          onChange={(event) => set({ proposeWithinHours: event.target.valueAsNumber })}
        />
        <div className="space-y-3 pt-1">
          <div className="flex items-center justify-between gap-3">
            <Label htmlFor="workflow-kev">Known exploited (KEV) only</Label>
            <Switch
              id="workflow-kev"
              checked={values.trigger.kevOnly ?? false}
              onCheckedChange={(kevOnly) => set({ trigger: { ...values.trigger, kevOnly } })}
            />
          </div>
          <div className="flex items-center justify-between gap-3">
            <Label htmlFor="workflow-approval">Require approval</Label>
            <Switch
              id="workflow-approval"
              checked={values.requireApproval ?? true}
              onCheckedChange={(requireApproval) => set({ requireApproval })}
            />
          </div>
        </div>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending}>
          Create Workflow
        </Button>
      </div>
    </form>
  );
}
