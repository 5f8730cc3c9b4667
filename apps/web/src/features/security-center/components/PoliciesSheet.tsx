import {
  ROLE_LABELS,
  ROLES,
  SECURITY_CENTER_TEXT as T,
  type TRole,
  type TSecurityPolicies,
  ZSecurityPolicyBody,
} from '@netguard/contracts';
import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { Switch } from '@/components/ui/switch';
import { useSavePolicies, useSecurityPolicies } from '@/features/security-center/api';
import { errorMessage } from '@/lib/api-client';

type Form = {
  minLength: string;
  history: string;
  classes: string;
  idle: string;
  lifetime: string;
  mfaRoles: TRole[];
  apiKeys: boolean;
};

const toForm = (p: TSecurityPolicies): Form => ({
  minLength: String(p.password.min_length),
  history: String(p.password.history),
  classes: String(p.password.classes),
  idle: p.session.idle_timeout_minutes?.toString() ?? '',
  lifetime: p.session.absolute_lifetime_hours?.toString() ?? '',
  mfaRoles: p.mfa_required_roles,
  apiKeys: p.data_access.api_keys_allowed,
});

type NumberFieldSpec = {
  key: 'minLength' | 'history' | 'classes' | 'idle' | 'lifetime';
  id: string;
  label: string;
  hint: string;
};

const PASSWORD_FIELDS: NumberFieldSpec[] = [
  {
    key: 'minLength',
    id: 'policy-min-length',
    label: 'Minimum length',
    hint: '8 to 128 characters',
  },
  {
    key: 'history',
    id: 'policy-history',
    label: 'Refuse reuse of the last N passwords',
    hint: '0 turns it off; at most 24',
  },
  {
    key: 'classes',
    id: 'policy-classes',
    label: 'Required character classes',
    hint: 'How many of upper case, lower case, digit and one of !@#$%^&* (1 to 4; 4: all)',
  },
];

const SESSION_FIELDS: NumberFieldSpec[] = [
  {
    key: 'idle',
    id: 'policy-idle',
    label: 'Idle timeout (minutes)',
    hint: 'Empty: off. At least 15 minutes',
  },
  {
    key: 'lifetime',
    id: 'policy-lifetime',
    label: 'Absolute session lifetime (hours)',
    hint: 'Empty: off. Members sign in again after it',
  },
];

const optionalNumber = (value: string) => (value.trim() === '' ? null : Number(value));

function NumberField(props: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        type="number"
        inputMode="numeric"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <p className="text-xs text-muted-foreground">{props.hint}</p>
    </div>
  );
}

function NumberFields(props: {
  fields: NumberFieldSpec[];
  form: Form;
  set: (patch: Partial<Form>) => void;
}) {
  return props.fields.map(({ key, ...field }) => (
    <NumberField
      key={key}
      {...field}
      value={props.form[key]}
      onChange={(value) => props.set({ [key]: value })}
    />
  ));
}

/** Manage Policies: password, session, MFA and data access policies the server enforces. */
export function PoliciesSheet({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const policies = useSecurityPolicies(open);
  const save = useSavePolicies();
  const [form, setForm] = useState<Form | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (open && policies.data) setForm(toForm(policies.data));
    if (!open) setProblem(null);
  }, [open, policies.data]);

  const set = (patch: Partial<Form>) => setForm((f) => (f ? { ...f, ...patch } : f));

  function onSave() {
    if (!form) return;
    const parsed = ZSecurityPolicyBody.safeParse({
      password: {
        min_length: Number(form.minLength),
        history: Number(form.history),
        classes: Number(form.classes),
      },
      session: {
        idle_timeout_minutes: optionalNumber(form.idle),
        absolute_lifetime_hours: optionalNumber(form.lifetime),
      },
      mfa_required_roles: form.mfaRoles,
      data_access: { api_keys_allowed: form.apiKeys },
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the values');
      return;
    }
    setProblem(null);
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(T.policiesSaved);
        onOpenChange(false);
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  }

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-lg">
        <SheetHeader>
          <SheetTitle>Security Policies</SheetTitle>
          <SheetDescription>
            Enforced by the server for every member of this organization.
          </SheetDescription>
        </SheetHeader>
        {!form ? (
          <div className="flex justify-center p-6">
            <Spinner />
          </div>
        ) : (
          <div className="space-y-6 px-4">
            <fieldset className="space-y-3">
              <legend className="font-medium">Password policy</legend>
              <p className="text-xs text-muted-foreground">
                Applied when a member changes or resets a password; sign-up always requires all four
                character classes.
              </p>
              <NumberFields fields={PASSWORD_FIELDS} form={form} set={set} />
            </fieldset>
            <fieldset className="space-y-3">
              <legend className="font-medium">Session policy</legend>
              <NumberFields fields={SESSION_FIELDS} form={form} set={set} />
            </fieldset>
            <fieldset className="space-y-3">
              <legend className="font-medium">MFA required for roles</legend>
              <p className="text-xs text-muted-foreground">
                Members of these roles without MFA can only reach MFA setup until they turn it on.
              </p>
              {ROLES.map((role) => (
                <div key={role} className="flex items-center justify-between">
                  <Label htmlFor={`policy-mfa-${role}`}>{ROLE_LABELS[role]}</Label>
                  <Switch
                    id={`policy-mfa-${role}`}
                    checked={form.mfaRoles.includes(role)}
                    onCheckedChange={(on) =>
                      set({
                        mfaRoles: on
                          ? [...form.mfaRoles, role]
                          : form.mfaRoles.filter((r) => r !== role),
                      })
                    }
                  />
                </div>
              ))}
            </fieldset>
            <fieldset className="space-y-3">
              <legend className="font-medium">Data access policy</legend>
              <div className="flex items-center justify-between">
                <Label htmlFor="policy-api-keys">Allow API keys</Label>
                <Switch
                  id="policy-api-keys"
                  checked={form.apiKeys}
                  onCheckedChange={(apiKeys) => set({ apiKeys })}
                />
              </div>
            </fieldset>
            {problem && (
              <p role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            )}
          </div>
        )}
        <SheetFooter>
          <Button onClick={onSave} disabled={!form || save.isPending}>
            {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            Save Policies
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
