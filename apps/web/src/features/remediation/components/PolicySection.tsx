import {
  FAILED_VERIFICATION_POLICIES,
  FOUR_EYES_LEVELS,
  type TRemediationPolicy,
} from '@netguard/contracts';
import { useState } from 'react';
import { LabeledSelect } from '@/components/LabeledSelect';
import { PermissionButton } from '@/components/PermissionButton';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { FormField } from '@/features/auth/components/FormField';
import { useUpdateRemediationPolicy } from '@/features/remediation/admin-api';
import {
  FAILED_VERIFICATION_LABELS,
  FOUR_EYES_LABELS,
} from '@/features/remediation/remediation-labels';

type Props = { policy: TRemediationPolicy; reason: string | null };

/**
 * Who approves (four eyes included), whether autoApprove is honoured, the blast radius of a batch, and what happens to
 * a change that failed verification.
 */
export function PolicySection({ policy, reason }: Props) {
  const save = useUpdateRemediationPolicy();
  const [values, setValues] = useState(policy);
  const valid =
    Number.isInteger(values.maxHostsPerRun) &&
    values.maxHostsPerRun >= 1 &&
    values.maxHostsPerRun <= 100;
  const switches = [
    { key: 'analystsMayApprove', label: 'Security analysts may approve' },
    { key: 'allowAutoApprove', label: 'Allow auto-approve of fully automated actions' },
  ] as const;
  return (
    <form
      className="min-w-0 space-y-3"
      aria-label="Remediation policy"
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason && valid) save.mutate(values);
      }}
    >
      <h3 className="font-semibold">Approval policy</h3>
      {switches.map(({ key, label }) => (
        <div key={key} className="flex items-center justify-between gap-3">
          <Label htmlFor={`policy-${key}`}>{label}</Label>
          <Switch
            id={`policy-${key}`}
            checked={values[key]}
            disabled={Boolean(reason)}
            onCheckedChange={(checked) => setValues((v) => ({ ...v, [key]: checked }))}
          />
        </div>
      ))}
      <LabeledSelect
        id="policy-four-eyes"
        label="Four eyes: the proposer may not approve"
        value={values.fourEyes}
        options={FOUR_EYES_LEVELS}
        labels={FOUR_EYES_LABELS}
        disabled={Boolean(reason)}
        onChange={(fourEyes) => setValues((v) => ({ ...v, fourEyes }))}
      />
      <LabeledSelect
        id="policy-on-failed-verification"
        label="When a change fails verification"
        value={values.onFailedVerification}
        options={FAILED_VERIFICATION_POLICIES}
        labels={FAILED_VERIFICATION_LABELS}
        disabled={Boolean(reason)}
        onChange={(onFailedVerification) => setValues((v) => ({ ...v, onFailedVerification }))}
      />
      <FormField
        id="policy-max-hosts"
        label="Most hosts changed per run"
        type="number"
        min={1}
        max={100}
        disabled={Boolean(reason)}
        value={Number.isNaN(values.maxHostsPerRun) ? '' : values.maxHostsPerRun}
        error={valid ? undefined : 'A whole number from 1 to 100'}
        onChange={(event) =>
          setValues((v) => ({ ...v, maxHostsPerRun: event.target.valueAsNumber }))
        }
      />
      <PermissionButton type="submit" size="sm" reason={reason} disabled={!valid || save.isPending}>
        Save Policy
      </PermissionButton>
    </form>
  );
}
