import { REPORT_GENERATORS, REPORT_TYPE_VALUES, type TReportType } from '@netguard/contracts';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { REPORTS_PAGE_TEXT as T } from '@/features/reports/report-text';

export type ReportTypeFilter = 'all' | TReportType;

type Props = {
  search: string;
  type: ReportTypeFilter;
  onSearch: (search: string) => void;
  onType: (type: ReportTypeFilter) => void;
};

/** The search box (title and summary) and the type filter of the report list. */
export function ReportFilters({ search, type, onSearch, onType }: Props) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <div className="relative flex-1">
        <Search
          className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label={T.searchLabel}
          placeholder={T.searchPlaceholder}
          value={search}
          maxLength={200}
          onChange={(event) => onSearch(event.target.value)}
          className="pl-9"
        />
      </div>
      <Select value={type} onValueChange={(value) => onType(value as ReportTypeFilter)}>
        <SelectTrigger className="w-full sm:w-48" aria-label={T.typeLabel}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="all">{T.allTypes}</SelectItem>
          {REPORT_TYPE_VALUES.map((value) => (
            <SelectItem key={value} value={value}>
              {REPORT_GENERATORS[value].label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
