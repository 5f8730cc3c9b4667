import {
  ROLE_LABELS,
  SECURITY_CENTER_TEXT as T,
  type TSecurityPolicies,
} from '@netguard/contracts';
import { KeyRound, Lock, Timer, UserCheck } from 'lucide-react';
import { Spinner } from '@/components/Spinner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { useSecurityPolicies } from '@/features/security-center/api';
import { errorMessage } from '@/lib/api-client';

const rows = (p: TSecurityPolicies) => [
  {
    id: 'password',
    icon: Lock,
    title: 'Password Policy',
    detail: `At least ${p.password.min_length} characters with ${T.passwordClassesRule(p.password.classes)}; ${p.password.history ? `the last ${p.password.history} passwords refused` : 'reuse allowed'}.`,
    enforced: p.enforced.password,
  },
  {
    id: 'session',
    icon: Timer,
    title: 'Session Policy',
    detail: `Idle timeout ${p.session.idle_timeout_minutes ? `${p.session.idle_timeout_minutes} minutes` : 'off'}; absolute lifetime ${p.session.absolute_lifetime_hours ? `${p.session.absolute_lifetime_hours} hours` : 'off'}.`,
    enforced: p.enforced.session,
  },
  {
    id: 'mfa',
    icon: UserCheck,
    title: 'MFA Policy',
    detail: p.mfa_required_roles.length
      ? `MFA required for ${p.mfa_required_roles.map((r) => ROLE_LABELS[r]).join(', ')}.`
      : 'MFA optional for every role.',
    enforced: p.enforced.mfa,
  },
  {
    id: 'data_access',
    icon: KeyRound,
    title: 'Data Access Policy',
    detail: p.data_access.api_keys_allowed
      ? 'API keys allowed on paid plans.'
      : 'API keys refused for this organization.',
    enforced: p.enforced.data_access,
  },
];

/** Security Policies: each policy's real state from the server, Enforced or Not enforced. */
export function PoliciesTab() {
  const policies = useSecurityPolicies();
  if (policies.isPending)
    return (
      <div className="flex justify-center p-6">
        <Spinner label="Loading policies" />
      </div>
    );
  if (policies.isError)
    return (
      <Alert variant="destructive">
        <AlertDescription>{errorMessage(policies.error)}</AlertDescription>
      </Alert>
    );
  return (
    <ul className="divide-y rounded-lg border">
      {rows(policies.data).map(({ id, icon: Icon, title, detail, enforced }) => (
        <li key={id} className="flex items-start gap-3 p-3" data-testid={`policy-${id}`}>
          <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium">{title}</p>
            <p className="text-xs text-muted-foreground">{detail}</p>
          </div>
          <Badge
            className={
              enforced
                ? 'border-transparent bg-green-600 text-white'
                : 'border-transparent bg-muted text-muted-foreground'
            }
          >
            {enforced ? 'Enforced' : 'Not enforced'}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
