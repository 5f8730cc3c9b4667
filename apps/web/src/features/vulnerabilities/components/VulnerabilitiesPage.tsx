import { type TVulnerabilityFilters, VULNERABILITY_TEXT } from '@netguard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Bug, ChevronsDownUp, ChevronsUpDown } from 'lucide-react';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/button';
import { vulnerabilityPageQuery } from '@/features/vulnerabilities/api';
import { VulnerabilityEmptyState } from '@/features/vulnerabilities/components/VulnerabilityEmptyState';
import { VulnerabilityFilterBar } from '@/features/vulnerabilities/components/VulnerabilityFilterBar';
import { VulnerabilityList } from '@/features/vulnerabilities/components/VulnerabilityList';
import { VulnerabilitySummary } from '@/features/vulnerabilities/components/VulnerabilitySummary';
import { useCardExpansion } from '@/features/vulnerabilities/expansion';
import { filtersFromParams, filtersToParams, isFiltered } from '@/features/vulnerabilities/filters';
import { errorMessage } from '@/lib/api-client';

/** The Vulnerabilities page: summary cards, filters kept in the URL, and the paged list. */
export function VulnerabilitiesPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const setFilters = useCallback(
    (next: TVulnerabilityFilters) => setParams(filtersToParams(next), { replace: true }),
    [setParams],
  );
  const query = useQuery(vulnerabilityPageQuery(filters, 0));
  const expansion = useCardExpansion();
  useEffect(() => {
    if (query.error)
      toast.error(VULNERABILITY_TEXT.errorLoading, { description: errorMessage(query.error) });
  }, [query.error]);
  const first = query.data;

  return (
    <div className="space-y-6">
      <PageHeader
        icon={Bug}
        title="Vulnerabilities"
        subtitle="Every finding of your scans, tracked from first sighting until it is fixed."
      />
      <VulnerabilitySummary summary={first?.summary} />
      <VulnerabilityFilterBar
        filters={filters}
        overdueCount={first?.summary.overdue}
        onChange={setFilters}
      />
      {first && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {first.total} {first.total === 1 ? 'vulnerability' : 'vulnerabilities'}
          </p>
          {first.total > 0 && (
            <div className="flex gap-2">
              <Button variant="outline" size="sm" onClick={expansion.expandAll}>
                <ChevronsUpDown aria-hidden="true" />
                Expand all
              </Button>
              <Button variant="outline" size="sm" onClick={expansion.collapseAll}>
                <ChevronsDownUp aria-hidden="true" />
                Collapse all
              </Button>
            </div>
          )}
        </div>
      )}
      {query.isPending ? (
        <div className="h-40 animate-pulse rounded-xl border bg-muted/40" />
      ) : first && first.total === 0 ? (
        <VulnerabilityEmptyState filtered={isFiltered(filters)} />
      ) : (
        first && <VulnerabilityList filters={filters} firstPage={first} expansion={expansion} />
      )}
    </div>
  );
}
