import { COMPLIANCE_FRAMEWORK_IDS, type TComplianceFrameworkId } from '@netguard/contracts';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { LabeledSelect } from '@/components/LabeledSelect';
import { TextAreaField } from '@/components/TextAreaField';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FRAMEWORK_SHORT_NAMES } from '@/features/compliance-evidence/evidence-labels';
import { useCreateEvidenceRequest } from '@/features/compliance-evidence/requests-api';

/** An auditor asks for evidence for one requirement, saying what they need. */
export function RequestEvidenceForm() {
  const [frameworkId, setFrameworkId] = useState<TComplianceFrameworkId>('soc2');
  const [requirementId, setRequirementId] = useState('');
  const [message, setMessage] = useState('');
  const create = useCreateEvidenceRequest();
  return (
    <form
      aria-label="Request evidence"
      className="grid gap-3 rounded-md border p-4 sm:grid-cols-[12rem_1fr]"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(
          { frameworkId, requirementId: requirementId.trim(), message },
          {
            onSuccess: () => {
              setRequirementId('');
              setMessage('');
            },
          },
        );
      }}
    >
      <LabeledSelect
        id="request-framework"
        label="Framework"
        value={frameworkId}
        options={COMPLIANCE_FRAMEWORK_IDS}
        labels={FRAMEWORK_SHORT_NAMES}
        onChange={setFrameworkId}
      />
      <div className="space-y-2">
        <Label htmlFor="request-requirement">Requirement</Label>
        <Input
          id="request-requirement"
          placeholder="CC6.1"
          value={requirementId}
          maxLength={40}
          required
          onChange={(event) => setRequirementId(event.target.value)}
        />
      </div>
      <TextAreaField
        id="request-message"
        label="What evidence do you need?"
        rows={3}
        className="font-sans text-sm"
        value={message}
        maxLength={2000}
        required
        onChange={(event) => setMessage(event.target.value)}
      />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={create.isPending}>
          <Send aria-hidden="true" />
          Request Evidence
        </Button>
      </div>
    </form>
  );
}
