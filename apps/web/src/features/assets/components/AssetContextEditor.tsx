import type { TAssetContext } from '@netguard/contracts';
import { Building2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import {
  canEditAssetContext,
  useHostAssetContexts,
  useSaveAssetContext,
} from '@/features/assets/api';
import { draftFor, hostContextBody, type TAssetDraft } from '@/features/assets/asset-draft';
import {
  CRITICALITY_LABELS,
  EXPOSURE_LABELS,
  MISSION_LABELS,
  ASSET_TEXT as T,
  WELLBEING_LABELS,
} from '@/features/assets/asset-text';
import { AssetSelectField } from '@/features/assets/components/AssetSelectField';
import { useAuth } from '@/features/auth/auth-context';

/**
 * A host's asset context (criticality, mission prevalence, public well-being, exposure override,
 * owner, tags), editable by admins and analysts and read-only for other roles. Used on the
 * vulnerability card and in the topology node panel.
 */
export function AssetContextEditor({ host, heading = true }: { host: string; heading?: boolean }) {
  const contexts = useHostAssetContexts(host);
  if (contexts.isError) return <p className="text-sm text-destructive">{T.loadFailed}</p>;
  if (!contexts.data) return <Skeleton className="h-40 w-full" />;
  const items = contexts.data.items;
  const own = items.find((c) => c.kind === 'host' && c.target === host);
  // A saved change gives a new updated_at: the form starts again from what the server holds.
  return (
    <AssetContextForm
      key={own?.updated_at ?? 'unset'}
      host={host}
      contexts={items}
      heading={heading}
    />
  );
}

type ChoiceKey = 'criticality' | 'mission_prevalence' | 'public_wellbeing' | 'exposure';

/** The four choices of the editor, in the order they are shown. */
const CHOICES: { key: ChoiceKey; label: string; labels: Record<string, string> }[] = [
  { key: 'criticality', label: T.criticality, labels: CRITICALITY_LABELS },
  { key: 'mission_prevalence', label: T.missionPrevalence, labels: MISSION_LABELS },
  { key: 'public_wellbeing', label: T.publicWellbeing, labels: WELLBEING_LABELS },
  { key: 'exposure', label: T.exposure, labels: EXPOSURE_LABELS },
];

type TextFieldProps = {
  label: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  maxLength?: number;
  placeholder?: string;
};

function TextField({ label, onChange, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className="min-w-0 space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...input} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

type FormProps = { host: string; contexts: TAssetContext[]; heading: boolean };

function AssetContextForm({ host, contexts, heading }: FormProps) {
  const { user } = useAuth();
  const editable = canEditAssetContext(user?.role);
  const start = draftFor(host, contexts);
  const [draft, setDraft] = useState<TAssetDraft>(start.draft);
  const save = useSaveAssetContext();
  const set =
    <K extends keyof TAssetDraft>(key: K) =>
    (value: TAssetDraft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const locked = !editable || save.isPending;

  return (
    <form
      className="@container space-y-3"
      data-testid="asset-context"
      aria-label={`${T.title} of ${host}`}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(hostContextBody(host, draft));
      }}
    >
      {heading && (
        <div className="flex flex-wrap items-center gap-2">
          <Building2 className="size-4 text-muted-foreground" aria-hidden="true" />
          <h4 className="text-sm font-semibold">{T.title}</h4>
          <span className="min-w-0 font-mono text-xs text-muted-foreground">{host}</span>
        </div>
      )}
      {!start.saved && <p className="text-xs text-muted-foreground">{T.notSet}</p>}
      {start.tagContexts.length > 0 && (
        <p className="text-xs text-muted-foreground">{T.tagsApply(start.tagContexts)}</p>
      )}
      <div className="grid grid-cols-1 gap-3 @md:grid-cols-2">
        {CHOICES.map(({ key, label, labels }) => (
          <AssetSelectField
            key={key}
            label={label}
            value={draft[key]}
            labels={labels as Record<TAssetDraft[typeof key], string>}
            disabled={locked}
            onChange={set(key)}
          />
        ))}
        <TextField
          label={T.owner}
          value={draft.owner}
          maxLength={120}
          disabled={locked}
          onChange={set('owner')}
        />
        <TextField
          label={T.tags}
          value={draft.tags}
          placeholder={T.tagsHint}
          disabled={locked}
          onChange={set('tags')}
        />
      </div>
      {editable ? (
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? T.saving : T.save}
        </Button>
      ) : (
        <p className="text-xs text-muted-foreground">{T.readOnly}</p>
      )}
    </form>
  );
}
