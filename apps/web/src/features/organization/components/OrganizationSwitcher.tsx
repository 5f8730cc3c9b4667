import { ROLE_LABELS } from '@netguard/contracts';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useMemberships, useSwitchOrganization } from '@/features/organization/api';
import { errorMessage } from '@/lib/api-client';

/**
 * The organization the session works in, for people in more than one: switching reloads every
 * page's data from the other organization, and the choice survives a reload.
 */
export function OrganizationSwitcher() {
  const memberships = useMemberships();
  const switchTo = useSwitchOrganization();
  const navigate = useNavigate();
  const list = memberships.data ?? [];
  const current = list.find((m) => m.current);
  if (list.length < 2 || !current) return null;
  return (
    <div className="px-2 pb-1 group-data-[collapsible=icon]:hidden">
      <Select
        value={current.id}
        disabled={switchTo.isPending}
        onValueChange={(id) =>
          switchTo.mutate(id, {
            onSuccess: () => navigate('/dashboard'),
            onError: (error) =>
              toast.error('Could not switch organization', { description: errorMessage(error) }),
          })
        }
      >
        <SelectTrigger aria-label="Organization" className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {list.map((m) => (
            <SelectItem key={m.id} value={m.id}>
              {m.name} · {ROLE_LABELS[m.role]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
