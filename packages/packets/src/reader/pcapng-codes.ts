/** pcapng block type codes this package knows (pcapng specification, section 11.1). */
export const BLOCK = {
  sectionHeader: 0x0a0d0d0a,
  interfaceDescription: 0x00000001,
  packet: 0x00000002,
  simplePacket: 0x00000003,
  nameResolution: 0x00000004,
  interfaceStatistics: 0x00000005,
  enhancedPacket: 0x00000006,
  decryptionSecrets: 0x0000000a,
  custom: 0x00000bad,
  customNoCopy: 0x40000bad,
} as const;

/** Option codes read and written: an Interface Description Block's if_name, if_tsresol, if_tsoffset. */
export const OPTION = {
  end: 0,
  interfaceName: 2,
  timestampResolution: 9,
  timestampOffset: 14,
} as const;

const NAMES: Record<number, string> = {
  [BLOCK.sectionHeader]: 'section header block',
  [BLOCK.interfaceDescription]: 'interface description block',
  [BLOCK.packet]: 'packet block',
  [BLOCK.simplePacket]: 'simple packet block',
  [BLOCK.nameResolution]: 'name resolution block',
  [BLOCK.interfaceStatistics]: 'interface statistics block',
  [BLOCK.enhancedPacket]: 'enhanced packet block',
  [BLOCK.decryptionSecrets]: 'decryption secrets block',
  [BLOCK.custom]: 'custom block',
  [BLOCK.customNoCopy]: 'custom block',
};

/**
 * Smallest total length of the blocks the reader parses; the others are skipped unread, so
 * their size is not limited by maxRecordBytes.
 */
export const PARSED_MIN_LENGTH: Record<number, number> = {
  [BLOCK.sectionHeader]: 28,
  [BLOCK.interfaceDescription]: 20,
  [BLOCK.packet]: 32,
  [BLOCK.simplePacket]: 16,
  [BLOCK.enhancedPacket]: 32,
};

/** "enhanced packet block", or "block of type 0x00000007" for types without a name. */
export function blockName(type: number): string {
  return NAMES[type] ?? `block of type 0x${type.toString(16).padStart(8, '0')}`;
}
