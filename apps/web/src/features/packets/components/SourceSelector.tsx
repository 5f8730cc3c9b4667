import type { TPacketSource } from '@netguard/contracts';
import { FileUp, FlaskConical, Radio } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

type Props = {
  source: TPacketSource;
  onSource: (source: TPacketSource) => void;
  /** No switching while a capture runs: its packets belong to the source that started it. */
  locked: boolean;
  panels: Record<TPacketSource, ReactNode>;
};

const TABS: [TPacketSource, string, typeof Radio][] = [
  ['live', 'Live', Radio],
  ['file', 'File', FileUp],
  ['demo', 'Demo', FlaskConical],
];

/** Where packets come from: a live capture on the server, an uploaded file, or simulated data. */
export function SourceSelector({ source, onSource, locked, panels }: Props) {
  return (
    <Card className="py-4" data-testid="source-selector">
      <CardContent className="px-4">
        <Tabs value={source} onValueChange={(value) => onSource(value as TPacketSource)}>
          <TabsList aria-label="Packet source">
            {TABS.map(([value, label, Icon]) => (
              <TabsTrigger
                key={value}
                value={value}
                disabled={locked && value !== source}
                className="px-4"
              >
                <Icon aria-hidden="true" />
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map(([value]) => (
            <TabsContent key={value} value={value} className="pt-3">
              {panels[value]}
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}
