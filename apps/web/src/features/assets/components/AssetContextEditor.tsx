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

type FormProps = { host: string; contexts: TAssetContext[]; heading: boolean };

function AssetContextForm({ host, contexts, heading }: FormProps) {
  const { user } = useAuth();
  const editable = canEditAssetContext(user?.role);
  const start = draftFor(host, contexts);
  const [draft, setDraft] = useState<TAssetDraft>(start.draft);
  const save = useSaveAssetContext();
  const ownerId = useId();
  const tagsId = useId();
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
        <AssetSelectField
          label={T.criticality}
          value={draft.criticality}
          labels={CRITICALITY_LABELS}
          disabled={locked}
          onChange={set('criticality')}
        />
        <AssetSelectField
          label={T.missionPrevalence}
          value={draft.mission_prevalence}
          labels={MISSION_LABELS}
          disabled={locked}
          onChange={set('mission_prevalence')}
        />
        <AssetSelectField
          label={T.publicWellbeing}
          value={draft.public_wellbeing}
          labels={WELLBEING_LABELS}
          disabled={locked}
          onChange={set('public_wellbeing')}
        />
        <AssetSelectField
          label={T.exposure}
          value={draft.exposure}
          labels={EXPOSURE_LABELS}
          disabled={locked}
          onChange={set('exposure')}
        />
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor={ownerId}>{T.owner}</Label>
          <Input
            id={ownerId}
            value={draft.owner}
            maxLength={120}
            disabled={locked}
            onChange={(e) => set('owner')(e.target.value)}
          />
        </div>
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor={tagsId}>{T.tags}</Label>
          <Input
            id={tagsId}
            value={draft.tags}
            placeholder={T.tagsHint}
            disabled={locked}
            onChange={(e) => set('tags')(e.target.value)}
          />
        </div>
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
