import type { TRemediationPolicy } from '@netguard/contracts';
import { useState } from 'react';
import { PermissionButton } from '@/components/PermissionButton';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { FormField } from '@/features/auth/components/FormField';
import { useUpdateRemediationPolicy } from '@/features/remediation/admin-api';

type Props = { policy: TRemediationPolicy; reason: string | null };

/** Who approves, whether autoApprove is honoured, and the blast radius of a batch. */
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
