import { TARGET_MESSAGES } from '@netguard/contracts';
import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { addTargets, removeTarget } from '@/features/scans/target-entry';

type TargetHostsFieldProps = {
  targets: string[];
  onChange: (targets: string[]) => void;
  error?: string;
};

/** Target Hosts: type one or more comma-separated entries, Add (or Enter), remove chips. */
export function TargetHostsField({ targets, onChange, error }: TargetHostsFieldProps) {
  const [draft, setDraft] = useState('');

  function add() {
    if (draft.trim() === '') return;
    const result = addTargets(targets, draft);
    if (result.invalid.length > 0) {
      toast.error(TARGET_MESSAGES.invalidTitle, {
        description: TARGET_MESSAGES.invalidDescription,
      });
    }
    if (result.targets.length !== targets.length) onChange(result.targets);
    setDraft('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  }

  return (
    <div className="space-y-2">
      <Label htmlFor="target-hosts">Target Hosts</Label>
      <div className="flex gap-2">
        <Input
          id="target-hosts"
          value={draft}
          placeholder="192.0.2.10, 198.51.100.0/24, server.example.com"
          autoComplete="off"
          aria-describedby="target-hosts-hint"
          aria-invalid={error ? true : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="button" variant="outline" onClick={add}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      <p id="target-hosts-hint" className="text-xs text-muted-foreground">
        IP addresses, hostnames or CIDR ranges, separated by commas. Press Enter to add.
      </p>
      {error && <p className="text-sm text-destructive">{error}</p>}
      {targets.length > 0 && (
        <div className="space-y-2" data-testid="target-chips">
          <p className="text-sm font-medium">Targets ({targets.length})</p>
          <ul className="flex flex-wrap gap-2">
            {targets.map((target) => (
              <li key={target}>
                <Badge variant="secondary" className="gap-1 py-1 pr-1 font-mono">
                  {target}
                  <button
                    type="button"
                    className="rounded-sm p-0.5 hover:bg-slate-300/60"
                    aria-label={`Remove ${target}`}
                    onClick={() => onChange(removeTarget(targets, target))}
                  >
                    <X className="size-3" aria-hidden="true" />
                  </button>
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
