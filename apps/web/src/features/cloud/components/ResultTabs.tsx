import type { TCloudScan } from '@netguard/contracts';
import { useState } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ComparisonView } from '@/features/cloud/components/ComparisonView';
import { CoverageView } from '@/features/cloud/components/CoverageView';
import { MuteRulesView } from '@/features/cloud/components/MuteRulesView';
import { ScanResultsList } from '@/features/cloud/components/ScanResultsList';

type Props = { results: readonly TCloudScan[]; canManageMutes: boolean };

/** Results, Coverage, Comparison and Mute rules of the newest result of each connection. */
export function ResultTabs({ results, canManageMutes }: Props) {
  const [showMuted, setShowMuted] = useState(false);
  return (
    <Tabs defaultValue="results" className="gap-4">
      <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-9 sm:w-fit">
        <TabsTrigger value="results">Results</TabsTrigger>
        <TabsTrigger value="coverage">Coverage</TabsTrigger>
        <TabsTrigger value="comparison">Comparison</TabsTrigger>
        <TabsTrigger value="mute-rules">Mute rules</TabsTrigger>
      </TabsList>
      <TabsContent value="results" className="space-y-4">
        <div className="flex items-center gap-2">
          <Switch id="cloud-show-muted" checked={showMuted} onCheckedChange={setShowMuted} />
          <Label htmlFor="cloud-show-muted">Show muted findings</Label>
        </div>
        <ScanResultsList results={results} showMuted={showMuted} />
      </TabsContent>
      <TabsContent value="coverage">
        <CoverageView results={results} />
      </TabsContent>
      <TabsContent value="comparison">
        <ComparisonView results={results} />
      </TabsContent>
      <TabsContent value="mute-rules">
        <MuteRulesView canManage={canManageMutes} />
      </TabsContent>
    </Tabs>
  );
}
