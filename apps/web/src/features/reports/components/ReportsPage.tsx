import { REPORT_TYPE_VALUES } from '@netguard/contracts';
import { FileText } from 'lucide-react';
import { GeneratorCard } from '@/features/reports/components/GeneratorCard';
import { ReportList } from '@/features/reports/components/ReportList';
import { REPORTS_PAGE_TEXT as T } from '@/features/reports/report-text';

/** The Reports page: the four generator cards over the existing-reports list. */
export function ReportsPage() {
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="flex items-center gap-3 text-2xl font-bold tracking-tight sm:text-3xl">
          <FileText className="size-7 text-primary" aria-hidden="true" />
          {T.title}
        </h1>
        <p className="text-sm text-muted-foreground">{T.subtitle}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {REPORT_TYPE_VALUES.map((type) => (
          <GeneratorCard key={type} type={type} />
        ))}
      </div>
      <ReportList />
    </div>
  );
}
