import { REPORT_GENERATORS, REPORT_TEXT, type TReportType } from '@netguard/contracts';
import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useGenerateReport } from '@/features/reports/api';
import { REPORT_ICONS } from '@/features/reports/report-icons';
import { errorMessage } from '@/lib/api-client';

/** One generator: its Generate Report button reads "Generating..." until the report is ready. */
export function GeneratorCard({ type }: { type: TReportType }) {
  const generate = useGenerateReport(type);
  const { label, description } = REPORT_GENERATORS[type];
  const Icon = REPORT_ICONS[type];

  function onGenerate() {
    generate.mutate(undefined, {
      onSuccess: (report) => toast.success(REPORT_TEXT.generated, { description: report.title }),
      onError: (error) =>
        toast.error(REPORT_TEXT.errorGenerating, { description: errorMessage(error) }),
    });
  }

  return (
    <Card className="gap-4" data-testid={`generator-${type}`}>
      <CardHeader>
        <div className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary/10">
          <Icon className="size-5 text-primary" aria-hidden="true" />
        </div>
        <CardTitle>{label}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto">
        <Button className="w-full" disabled={generate.isPending} onClick={onGenerate}>
          {generate.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {generate.isPending ? REPORT_TEXT.generating : REPORT_TEXT.generate}
        </Button>
      </CardContent>
    </Card>
  );
}
