import type { TIncident } from '@netguard/contracts';
import { Merge } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useMergeIncidents } from '@/features/incidents/api';

type Props = {
  incidents: TIncident[];
  selected: string[];
  permission: { allowed: boolean; reason: string | null };
  onMerged: () => void;
};

/** Merges the selected incidents into the one chosen as target. */
export function MergeBar({ incidents, selected, permission, onMerged }: Props) {
  const merge = useMergeIncidents();
  const [target, setTarget] = useState<string>('');
  const chosen = incidents.filter((i) => selected.includes(i.id));
  const targetId = chosen.some((i) => i.id === target) ? target : (chosen[0]?.id ?? '');
  if (!permission.allowed || chosen.length < 2) {
    return (
      <p className="text-xs text-muted-foreground" title={permission.reason ?? undefined}>
        {permission.allowed
          ? 'Select two or more incidents to merge them into one.'
          : permission.reason}
      </p>
    );
  }
  const submit = () =>
    merge.mutate(
      { targetId, sourceIds: chosen.filter((i) => i.id !== targetId).map((i) => i.id) },
      {
        onSuccess: () => {
          toast.success('Incidents merged');
          onMerged();
        },
        onError: (error) => toast.error('Error merging incidents', { description: error.message }),
      },
    );
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/40 p-2 text-sm">
      <span>Merge {chosen.length} incidents into</span>
      <Select value={targetId} onValueChange={setTarget}>
        <SelectTrigger className="w-64" aria-label="Merge target">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {chosen.map((i) => (
            <SelectItem key={i.id} value={i.id}>
              {i.title}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Button size="sm" onClick={submit} disabled={merge.isPending}>
        <Merge aria-hidden="true" />
        Merge
      </Button>
    </div>
  );
}
