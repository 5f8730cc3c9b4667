import type { TPacket } from '@netguard/contracts';
import { ProtocolBadge } from '@/features/packets/components/ProtocolBadge';
import { formatBytes } from '@/features/packets/packet-format';

/** The spec's Packet fields, then each dissected layer with its summary line and fields. */
export function PacketSummary({ packet }: { packet: TPacket }) {
  const facts: [string, string][] = [
    ['Packet', `#${packet.id}`],
    ['Timestamp', packet.timestamp],
    ['Source', packet.source || '—'],
    ['Destination', packet.destination || '—'],
    [
      'Length',
      `${packet.length} bytes (${formatBytes(packet.length)}), ${packet.captured_length} captured`,
    ],
    ['Direction', packet.type],
    ['Flags', packet.flags.length > 0 ? packet.flags.join(', ') : 'none'],
    ['Info', packet.info || '—'],
  ];
  return (
    <div className="space-y-4" data-testid="packet-summary">
      <dl className="grid grid-cols-[7rem_1fr] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-muted-foreground">Protocol</dt>
        <dd>
          <ProtocolBadge protocol={packet.protocol} />
        </dd>
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-all font-mono text-xs leading-5">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="space-y-2" data-testid="packet-layers">
        {packet.layers.map((layer, index) => (
          <details
            // Layers repeat (tunnels) and have no id: their position is their identity, and a new
            // packet gets fresh elements so each opens as the line below says.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={`${packet.id}-${packet.time}-${index}`}
            // As in Wireshark's tree, the highest layer opens; the ones below it stay one line.
            open={index === packet.layers.length - 1}
            className="rounded-md border"
            data-layer={layer.name}
          >
            <summary className="cursor-pointer px-3 py-2 text-sm font-medium">
              {layer.summary}
            </summary>
            <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-1 border-t px-3 py-2 text-xs">
              {layer.fields.map((field) => (
                <div key={`${field.name}-${field.label}`} className="contents">
                  <dt className="text-muted-foreground" title={field.name}>
                    {field.label}
                  </dt>
                  <dd className="break-all font-mono">{String(field.value)}</dd>
                </div>
              ))}
            </dl>
          </details>
        ))}
      </div>
    </div>
  );
}
