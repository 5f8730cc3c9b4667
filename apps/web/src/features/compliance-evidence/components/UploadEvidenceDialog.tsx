import { useState } from 'react';
import { LabeledSelect } from '@/components/LabeledSelect';
import { ModalDialog } from '@/components/ModalDialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useUploadEvidence } from '@/features/compliance-evidence/api';
import {
  type TUploadType,
  UPLOAD_TYPE_LABELS,
  UPLOAD_TYPES,
} from '@/features/compliance-evidence/evidence-labels';
import {
  parseRequirementRefs,
  uploadProblems,
  uploadQuery,
} from '@/features/compliance-evidence/upload-form';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/** Manual evidence (policies, screenshots) under the spec's file rules; it waits for review. */
export function UploadEvidenceDialog({ open, onOpenChange }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [type, setType] = useState<TUploadType>('policy_document');
  const [refs, setRefs] = useState('');
  const [observedAt, setObservedAt] = useState('');
  const [validDays, setValidDays] = useState('365');
  const upload = useUploadEvidence();
  const problems = uploadProblems(file);
  const requirementIds = parseRequirementRefs(refs);
  const days = Number(validDays);
  const ready =
    file !== null &&
    problems.length === 0 &&
    title.trim() !== '' &&
    requirementIds.length > 0 &&
    Number.isInteger(days) &&
    days >= 1 &&
    days <= 1095;

  const close = (next: boolean) => {
    if (!next) {
      setFile(null);
      setTitle('');
      setRefs('');
      setObservedAt('');
    }
    onOpenChange(next);
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={close}
      title="Upload Evidence"
      description="A policy, procedure or screenshot for the requirements it serves. JPEG, PNG, GIF, PDF, plain text or CSV, at most 10 MB. Uploads wait for an auditor or admin to review them."
    >
      <form
        aria-label="Upload evidence"
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!ready || !file) return;
          upload.mutate(
            {
              file,
              query: uploadQuery({
                name: file.name,
                title,
                type,
                requirementIds,
                observedAt: observedAt || undefined,
                validDays: days,
              }),
            },
            { onSuccess: () => close(false) },
          );
        }}
      >
        <div className="space-y-2">
          <Label htmlFor="evidence-file">File</Label>
          <Input
            id="evidence-file"
            type="file"
            accept=".jpg,.jpeg,.png,.gif,.pdf,.txt,.csv,image/jpeg,image/png,image/gif,application/pdf,text/plain,text/csv"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          {problems.map((problem) => (
            <p key={problem} className="text-sm text-destructive" role="alert">
              {problem}
            </p>
          ))}
        </div>
        <div className="space-y-2">
          <Label htmlFor="evidence-title">Title</Label>
          <Input
            id="evidence-title"
            value={title}
            maxLength={200}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        <LabeledSelect
          id="evidence-type"
          label="Type"
          value={type}
          options={UPLOAD_TYPES}
          labels={UPLOAD_TYPE_LABELS}
          onChange={setType}
        />
        <div className="space-y-2">
          <Label htmlFor="evidence-requirements">Requirements</Label>
          <Input
            id="evidence-requirements"
            value={refs}
            placeholder="soc2:CC1.4, iso27001:A.5.1"
            onChange={(event) => setRefs(event.target.value)}
          />
          <p className="text-xs text-muted-foreground">
            framework:requirement, separated by commas
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor="evidence-observed">Observed at</Label>
            <Input
              id="evidence-observed"
              type="datetime-local"
              value={observedAt}
              onChange={(event) => setObservedAt(event.target.value)}
            />
            <p className="text-xs text-muted-foreground">When it was true; now if left empty</p>
          </div>
          <div className="space-y-2">
            <Label htmlFor="evidence-valid-days">Valid for (days)</Label>
            <Input
              id="evidence-valid-days"
              type="number"
              min={1}
              max={1095}
              value={validDays}
              onChange={(event) => setValidDays(event.target.value)}
            />
          </div>
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready || upload.isPending}>
            {upload.isPending ? 'Uploading…' : 'Upload'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
