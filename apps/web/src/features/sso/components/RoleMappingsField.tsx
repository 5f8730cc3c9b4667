import { SSO_LIMITS, type TSsoRoleMapping } from '@netguard/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RoleSelect } from '@/features/organization/components/RoleSelect';

type Props = { value: TSsoRoleMapping[]; onChange: (next: TSsoRoleMapping[]) => void };

/** Group (or claim value) → role rows, applied at every SSO sign-in; the most privileged match wins. */
export function RoleMappingsField({ value, onChange }: Props) {
  const update = (index: number, patch: Partial<TSsoRoleMapping>) =>
    onChange(value.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Group → role mapping</legend>
      <p className="text-xs text-muted-foreground">
        Re-applied at every sign-in. A user in several mapped groups gets the most privileged role;
        in none, the default role.
      </p>
      <ul className="space-y-2" aria-label="Group to role mappings">
        {value.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          <li key={index} className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <Label htmlFor={`sso-group-${index}`} className="sr-only">
              Group {index + 1}
            </Label>
            <Input
              id={`sso-group-${index}`}
              value={row.group}
              placeholder="netguard-admins"
              onChange={(event) => update(index, { group: event.target.value })}
            />
            <div className="flex items-center gap-2">
              <RoleSelect
                value={row.role}
                label={`Role for group ${index + 1}`}
                onChange={(role) => update(index, { role })}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove mapping ${index + 1}`}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={value.length >= SSO_LIMITS.roleMappings}
        onClick={() => onChange([...value, { group: '', role: 'viewer' }])}
      >
        <Plus className="size-4" aria-hidden="true" />
        Add mapping
      </Button>
    </fieldset>
  );
}
