// Reading dissected packets in tests: a field's values across layers, a layer by name.
import type { TPacket, TPacketLayer } from '@netguard/contracts';

/** All values of the field `name` in the packet's layers, in order. */
export function fieldValues(packet: TPacket, name: string): (string | number | boolean)[] {
  return packet.layers.flatMap((layer) =>
    layer.fields.filter((f) => f.name === name).map((f) => f.value),
  );
}

/** The first value of a field, or undefined. */
export function fieldValue(packet: TPacket, name: string): string | number | boolean | undefined {
  return fieldValues(packet, name)[0];
}

/** The layer names of a packet, outermost first. */
export function layerNames(packet: TPacket): string[] {
  return packet.layers.map((layer: TPacketLayer) => layer.name);
}
