import { tierIncludes } from '@netguard/contracts';
import { Copy, KeyRound, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '@/features/settings/api';
import { useSubscription } from '@/features/subscription/subscription-context';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

/** API keys: generate (shown once), list by prefix with dates, revoke. Paid plans only. */
export function ApiKeysSection() {
  const { tier } = useSubscription();
  const paid = tierIncludes(tier, 'api_access');
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [shown, setShown] = useState<string | null>(null);

  const generate = () =>
    create.mutate(name.trim() || 'API key', {
      onSuccess: (key) => {
        setShown(key.key);
        setName('');
        toast.success('API Key generated', { description: 'Copy it now: it is shown only once.' });
      },
      onError: (error) =>
        toast.error('Error generating API key', { description: errorMessage(error) }),
    });

  return (
    <section className="space-y-3" aria-label="API keys">
      <Label htmlFor="api-key-name">API Key</Label>
      {!paid && (
        <p className="text-sm text-muted-foreground">
          API keys are part of the Professional and Enterprise plans.
        </p>
      )}
      <div className="flex gap-2">
        <Input
          id="api-key-name"
          placeholder="Key name, e.g. CI pipeline"
          value={name}
          maxLength={100}
          disabled={!paid}
          onChange={(e) => setName(e.target.value)}
        />
        <Button onClick={generate} disabled={!paid || create.isPending}>
          <KeyRound className="size-4" aria-hidden="true" />
          Generate
        </Button>
      </div>
      {shown && (
        <div className="flex items-center gap-2 rounded-md border bg-muted/40 p-2">
          <code className="min-w-0 flex-1 truncate text-xs" data-testid="new-api-key">
            {shown}
          </code>
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              navigator.clipboard.writeText(shown).then(() => toast.success('API key copied'))
            }
          >
            <Copy className="size-4" aria-hidden="true" />
            Copy
          </Button>
        </div>
      )}
      <ul className="divide-y rounded-md border" aria-label="Your API keys">
        {keys.data?.items.length === 0 && (
          <li className="p-3 text-sm text-muted-foreground">No API keys yet.</li>
        )}
        {keys.data?.items.map((key) => (
          <li key={key.id} className="flex items-center gap-3 p-3 text-sm">
            <span className="min-w-0 flex-1">
              <span className="font-medium">{key.name}</span>{' '}
              <code className="text-xs text-muted-foreground">{key.prefix}…</code>
              <span className="block text-xs text-muted-foreground">
                Created {formatDateTime(key.created_at)} · Last used{' '}
                {key.last_used_at ? formatDateTime(key.last_used_at) : 'never'}
              </span>
            </span>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Revoke ${key.name}`}
              onClick={() =>
                revoke.mutate(key.id, {
                  onSuccess: () => toast.success('API key revoked'),
                  onError: (error) =>
                    toast.error('Error revoking API key', { description: errorMessage(error) }),
                })
              }
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
