import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { DataUnavailable } from '@/features/dashboard/components/DataUnavailable';
import { useScanDetail } from '@/features/scans/api';
import { AutoScanNotice } from '@/features/scans/components/AutoScanNotice';
import { FindingsList } from '@/features/scans/components/FindingsList';
import { HostsTable } from '@/features/scans/components/HostsTable';
import { ScanDetailHeader } from '@/features/scans/components/ScanDetailHeader';
import { ScanNotFound } from '@/features/scans/components/ScanNotFound';
import { ServicesTable } from '@/features/scans/components/ServicesTable';
import { ApiError } from '@/lib/api-client';

function isNotFound(error: unknown): boolean {
  // A malformed id is refused with 400; to the user it is the same missing scan.
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** One scan's header and its Hosts, Services and Findings, kept live by realtime events. */
export function ScanDetail({ id }: { id: string }) {
  const query = useScanDetail(id);
  const back = (
    <Button asChild variant="ghost" size="sm" className="-ml-2">
      <Link to="/dashboard">
        <ArrowLeft aria-hidden="true" />
        Dashboard
      </Link>
    </Button>
  );

  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8" label="Loading scan" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="space-y-4">
        {back}
        {isNotFound(query.error) ? (
          <ScanNotFound />
        ) : (
          <DataUnavailable onRetry={() => void query.refetch()} />
        )}
      </div>
    );
  }

  const scan = query.data;
  return (
    <div className="space-y-6" data-testid="scan-detail" data-status={scan.status}>
      {back}
      <ScanDetailHeader scan={scan} />
      {!['pending', 'running'].includes(scan.status) && <AutoScanNotice scanId={scan.id} />}
      <Tabs defaultValue="findings" className="gap-4">
        <TabsList>
          <TabsTrigger value="hosts">Hosts ({scan.hosts.length})</TabsTrigger>
          <TabsTrigger value="services">Services ({scan.services.length})</TabsTrigger>
          <TabsTrigger value="findings">Findings ({scan.vulnerabilities.length})</TabsTrigger>
        </TabsList>
        <Card>
          <CardContent>
            <TabsContent value="hosts">
              <HostsTable hosts={scan.hosts} />
            </TabsContent>
            <TabsContent value="services">
              <ServicesTable services={scan.services} />
            </TabsContent>
            <TabsContent value="findings">
              <FindingsList findings={scan.vulnerabilities} />
            </TabsContent>
          </CardContent>
        </Card>
      </Tabs>
    </div>
  );
}
