import { listPasswordProblems } from '@netguard/contracts';
import { Check, X } from 'lucide-react';
import { cn } from '@/lib/utils';

// An empty password breaks every rule, so this lists all of them in the contracts' wording.
const ALL_RULES = listPasswordProblems('');

/** Live list of the password rules, each marked met or not met as the user types. */
export function PasswordChecklist({ password }: { password: string }) {
  const problems = new Set(listPasswordProblems(password));
  return (
    <ul className="grid gap-1 text-xs sm:grid-cols-2">
      {ALL_RULES.map((rule) => {
        const met = !problems.has(rule);
        const Icon = met ? Check : X;
        return (
          <li
            key={rule}
            data-met={met}
            className={cn(
              'flex items-center gap-1.5',
              rule === 'One special character' && 'sm:col-span-2',
              met ? 'text-emerald-600' : 'text-muted-foreground',
            )}
          >
            <Icon className="size-3.5 shrink-0" aria-hidden="true" />
            {rule === 'One special character' ? `${rule} (!@#$%^&*)` : rule}
            <span className="sr-only">{met ? '(met)' : '(not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
