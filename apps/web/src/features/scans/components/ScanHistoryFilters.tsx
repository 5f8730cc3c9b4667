import { SCAN_STATUSES, SCAN_TYPES } from '@netguard/contracts';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SearchInput } from '@/components/SearchInput';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import {
  EMPTY_HISTORY_FILTERS,
  isHistoryFiltered,
  type THistoryFilters,
} from '@/features/scans/history-filters';
import { SCAN_STATUS_LABELS } from '@/features/scans/scan-text';

type Props = { filters: THistoryFilters; onChange: (patch: Partial<THistoryFilters>) => void };

const SEARCH_DELAY_MS = 300;

/** Search by name or target, status, type and a date range; any change goes back to page 1. */
export function ScanHistoryFilters({ filters, onChange }: Props) {
  const [search, setSearch] = useState(filters.q);
  useEffect(() => setSearch(filters.q), [filters.q]);
  useEffect(() => {
    if (search === filters.q) return;
    const timer = setTimeout(() => onChange({ q: search, page: 0 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters.q, onChange]);
  const set = (patch: Partial<THistoryFilters>) => onChange({ ...patch, page: 0 });

  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-end">
      <SearchInput
        className="min-w-56 lg:flex-1"
        aria-label="Search scans by name or target"
        placeholder="Search by name or target..."
        maxLength={100}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-end">
        <Select
          value={filters.status}
          onValueChange={(status) => set({ status: status as THistoryFilters['status'] })}
        >
          <SelectTrigger aria-label="Status" className="w-full sm:w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All statuses</SelectItem>
            {SCAN_STATUSES.map((status) => (
              <SelectItem key={status} value={status}>
                {SCAN_STATUS_LABELS[status]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select
          value={filters.scan_type}
          onValueChange={(type) => set({ scan_type: type as THistoryFilters['scan_type'] })}
        >
          <SelectTrigger aria-label="Scan type" className="w-full sm:w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All scan types</SelectItem>
            {SCAN_TYPES.map((type) => (
              <SelectItem key={type.value} value={type.value}>
                {type.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <DateField
          id="history-from"
          label="From"
          value={filters.from}
          max={filters.to}
          onChange={(from) => set({ from })}
        />
        <DateField
          id="history-to"
          label="To"
          value={filters.to}
          min={filters.from}
          onChange={(to) => set({ to })}
        />
        {isHistoryFiltered(filters) && (
          <Button
            variant="ghost"
            className="col-span-2 sm:col-span-1"
            onClick={() => {
              setSearch('');
              onChange(EMPTY_HISTORY_FILTERS);
            }}
          >
            <X aria-hidden="true" />
            Clear filters
          </Button>
        )}
      </div>
    </div>
  );
}

type DateFieldProps = {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
};

function DateField({ id, label, value, min, max, onChange }: DateFieldProps) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Input
        id={id}
        type="date"
        className="w-full sm:w-40"
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
