import { REPORT_GENERATORS, REPORT_TYPE_VALUES, type TReportType } from '@netguard/contracts';
import { SearchInput } from '@/components/SearchInput';
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
      <SearchInput
        className="flex-1"
        aria-label={T.searchLabel}
        placeholder={T.searchPlaceholder}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
      />
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
