import type { TPacket } from '@netguard/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PacketSummary } from '@/features/packets/components/PacketSummary';
import { PayloadHex } from '@/features/packets/components/PayloadHex';

/** The Packet Details card: Summary and Payload tabs of the selected packet. */
export function PacketDetails({ packet }: { packet: TPacket | null }) {
  return (
    <Card className="gap-4" data-testid="packet-details">
      <CardHeader>
        <CardTitle>Packet Details</CardTitle>
        <CardDescription>
          {packet
            ? `Packet #${packet.id}: ${packet.info}`
            : 'Select a packet in the list to inspect it.'}
        </CardDescription>
      </CardHeader>
      {packet && (
        <CardContent>
          <Tabs defaultValue="summary">
            <TabsList>
              <TabsTrigger value="summary">Summary</TabsTrigger>
              <TabsTrigger value="payload">Payload</TabsTrigger>
            </TabsList>
            <TabsContent value="summary" className="pt-2">
              <PacketSummary packet={packet} />
            </TabsContent>
            <TabsContent value="payload" className="pt-2">
              <PayloadHex payload={packet.payload} capturedLength={packet.captured_length} />
            </TabsContent>
          </Tabs>
        </CardContent>
      )}
    </Card>
  );
}
