import { ZCloudMuteRuleCreate } from '@netguard/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/features/auth/components/FormField';
import { useCreateMuteRule } from '@/features/cloud/api';
import {
  MUTE_MATCH_FIELDS,
  type TMuteRuleForm,
  toMuteRuleBody,
} from '@/features/cloud/mute-rule-body';

const EMPTY: TMuteRuleForm = {
  checkId: '',
  resourcePattern: '',
  tag: '',
  account: '',
  region: '',
  reason: '',
  expiresOn: '',
};

/** A new mute rule (admins): what it matches, why, and until when. */
export function MuteRuleForm() {
  const create = useCreateMuteRule();
  const [form, setForm] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const field = (name: keyof TMuteRuleForm) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = toMuteRuleBody(form);
    const parsed = ZCloudMuteRuleCreate.safeParse(body);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the rule');
      return;
    }
    setProblem(null);
    create.mutate(body, { onSuccess: () => setForm(EMPTY) });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="New mute rule" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {MUTE_MATCH_FIELDS.map(({ name, label, placeholder }) => (
          <FormField
            key={name}
            id={`mute-${name}`}
            label={label}
            placeholder={placeholder}
            {...field(name)}
          />
        ))}
        <FormField id="mute-expires" label="Expires on" type="date" {...field('expiresOn')} />
      </div>
      <FormField
        id="mute-reason"
        label="Reason"
        placeholder="Accepted risk: …"
        {...field('reason')}
      />
      {problem && (
        <p className="text-sm text-destructive" role="alert">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={create.isPending}>
        Create mute rule
      </Button>
    </form>
  );
}
