import { SIEM_TYPE_LABELS, SIEM_TYPES, type TSiemQuery, type TSiemType } from '@netguard/contracts';
import { LabeledSelect } from '@/components/LabeledSelect';
import { Skeleton } from '@/components/ui/skeleton';
import { useSiemQueries } from '@/features/siem/api';
import { SiemQueryCard } from '@/features/siem/components/SiemQueryCard';
import { errorMessage } from '@/lib/api-client';

type Props = {
  kind: TSiemQuery['kind'];
  siemType: TSiemType;
  onSiemTypeChange: (type: TSiemType) => void;
};

/** Dashboards or Alerts: the panels or rules NetGuard writes in the picked SIEM's language. */
export function SiemQueriesView({ kind, siemType, onSiemTypeChange }: Props) {
  const queries = useSiemQueries(siemType);
  const shown = queries.data?.queries.filter((query) => query.kind === kind) ?? [];
  return (
    <div className="space-y-4">
      <div className="sm:w-72">
        <LabeledSelect
          id={`siem-queries-type-${kind}`}
          label="SIEM"
          value={siemType}
          options={SIEM_TYPES}
          labels={SIEM_TYPE_LABELS}
          onChange={onSiemTypeChange}
        />
      </div>
      {queries.isPending && <Skeleton className="h-32 w-full" />}
      {queries.isError && (
        <p className="text-sm text-destructive" role="alert">
          {errorMessage(queries.error)}
        </p>
      )}
      {queries.isSuccess && shown.length === 0 && (
        <p className="text-sm text-muted-foreground">
          No {kind === 'dashboard' ? 'dashboard panels' : 'alert rules'} for this SIEM.
        </p>
      )}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 xl:grid-cols-2">
        {shown.map((query) => (
          <SiemQueryCard key={`${query.useCase}-${query.title}`} query={query} />
        ))}
      </div>
    </div>
  );
}
