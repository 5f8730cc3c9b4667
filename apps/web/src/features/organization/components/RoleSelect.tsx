import { ROLE_LABELS, ROLES, type TRole } from '@netguard/contracts';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';

type Props = {
  value: TRole;
  onChange: (role: TRole) => void;
  label: string;
  disabled?: boolean;
  id?: string;
};

/** One of the four roles. */
export function RoleSelect({ value, onChange, label, disabled, id }: Props) {
  return (
    <Select value={value} disabled={disabled} onValueChange={(next) => onChange(next as TRole)}>
      <SelectTrigger id={id} aria-label={label} className="w-full sm:w-44">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {ROLES.map((role) => (
          <SelectItem key={role} value={role}>
            {ROLE_LABELS[role]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
