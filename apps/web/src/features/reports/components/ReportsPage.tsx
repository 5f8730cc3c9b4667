import { REPORT_TYPE_VALUES } from '@netguard/contracts';
import { FileText } from 'lucide-react';
import { PageHeader } from '@/components/PageHeader';
import { GeneratorCard } from '@/features/reports/components/GeneratorCard';
import { ReportList } from '@/features/reports/components/ReportList';
import { REPORTS_PAGE_TEXT as T } from '@/features/reports/report-text';

/** The Reports page: the four generator cards over the existing-reports list. */
export function ReportsPage() {
  return (
    <div className="space-y-6">
      <PageHeader icon={FileText} title={T.title} subtitle={T.subtitle} />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {REPORT_TYPE_VALUES.map((type) => (
          <GeneratorCard key={type} type={type} />
        ))}
      </div>
      <ReportList />
    </div>
  );
}
