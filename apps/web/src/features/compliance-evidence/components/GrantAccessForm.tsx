import { COMPLIANCE_FRAMEWORK_IDS, type TMember } from '@netguard/contracts';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { LabeledSelect } from '@/components/LabeledSelect';
import { Button } from '@/components/ui/button';
import { FormField } from '@/features/auth/components/FormField';
import { FRAMEWORK_SHORT_NAMES } from '@/features/compliance-evidence/evidence-labels';
import { type TGrantForm, toGrantBody } from '@/features/compliance-evidence/grant-form';
import { useCreateAuditorGrant } from '@/features/compliance-evidence/grants-api';

type TDays = Pick<TGrantForm, 'periodStart' | 'periodEnd' | 'expiresOn'>;
const NO_DAYS: TDays = { periodStart: '', periodEnd: '', expiresOn: '' };
const DAY_FIELDS: { name: keyof TDays; label: string }[] = [
  { name: 'periodStart', label: 'Audit period from' },
  { name: 'periodEnd', label: 'Audit period to' },
  { name: 'expiresOn', label: 'Access expires on' },
];

/**
 * An admin grants a member with the auditor role one framework and an audit period until a day
 * (days in UTC). The server's validation messages come back as the error toast.
 */
export function GrantAccessForm({ auditors }: { auditors: TMember[] }) {
  const emails = auditors.map((member) => member.email);
  const [picked, setPicked] = useState<string | null>(null);
  const [frameworkId, setFrameworkId] = useState<TGrantForm['frameworkId']>('soc2');
  const [days, setDays] = useState(NO_DAYS);
  const create = useCreateAuditorGrant();
  const email = picked && emails.includes(picked) ? picked : emails[0];

  if (!email)
    return (
      <p className="rounded-md border p-4 text-sm text-muted-foreground">
        No member has the auditor role: invite the outside auditor with the Auditor role in{' '}
        <Link className="underline" to="/dashboard/settings">
          Settings
        </Link>{' '}
        first, then grant them access here.
      </p>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(toGrantBody({ email, frameworkId, ...days }), {
      onSuccess: () => setDays(NO_DAYS),
    });
  };
  return (
    <form
      aria-label="Grant auditor access"
      noValidate
      onSubmit={submit}
      className="grid gap-3 rounded-md border p-4 sm:grid-cols-2 xl:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]"
    >
      <div className="min-w-0 sm:col-span-2 xl:col-span-1">
        <LabeledSelect
          id="grant-auditor"
          label="Auditor"
          value={email}
          options={emails}
          labels={Object.fromEntries(emails.map((e) => [e, e]))}
          onChange={setPicked}
        />
      </div>
      <LabeledSelect
        id="grant-framework"
        label="Framework"
        value={frameworkId}
        options={COMPLIANCE_FRAMEWORK_IDS}
        labels={FRAMEWORK_SHORT_NAMES}
        onChange={setFrameworkId}
      />
      {DAY_FIELDS.map(({ name, label }) => (
        <FormField
          key={name}
          id={`grant-${name}`}
          label={label}
          type="date"
          value={days[name]}
          onChange={(event) => setDays((current) => ({ ...current, [name]: event.target.value }))}
        />
      ))}
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 xl:col-span-5">
        <Button type="submit" disabled={create.isPending}>
          <KeyRound aria-hidden="true" />
          Grant Access
        </Button>
        <p className="text-xs text-muted-foreground">
          Days are UTC. While they hold grants, the auditor sees only the granted frameworks and
          evidence observed within the audit periods.
        </p>
      </div>
    </form>
  );
}
