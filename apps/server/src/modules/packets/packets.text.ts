import { PACKET_LIMITS } from '@netguard/contracts';

const MB = 1024 * 1024;

/** What the packets API says to people, in one place. */
export const PACKET_TEXT = {
  denied: 'Packet analysis needs the admin or security analyst role in your organization.',
  captureRole:
    'Live capture needs the admin role in your organization. You can still open a capture file or run the demo.',
  captureOperator:
    'Live capture sees all of this server’s traffic, so only its deployment operators may use it. Whoever runs NetGuard can add you with: npm run netguard -- operators add <your email>. You can still open a capture file or run the demo.',
  captureOff:
    'Live capture is turned off on this server (PACKET_CAPTURE=off). You can still open a capture file or run the demo.',
  unavailable: 'Live capture is not available on this server.',
  interrupted: 'The upload was interrupted before the end of the file',
  emptyUpload: 'The capture file is empty: choose a .pcap or .pcapng file',
  tooLarge: `Capture files are limited to ${PACKET_LIMITS.maxUploadBytes / MB} MB`,
  quota: `Your organization already has ${PACKET_LIMITS.maxCapturesPerOrganization} capture files, the limit: delete one to upload another`,
  interfaceNotAllowed: (name: string, allowed: readonly string[]) =>
    `Live capture may not use interface "${name}" on this server; allowed: ${allowed.join(', ')}`,
  noAllowedInterface: (allowed: readonly string[]) =>
    `None of the interfaces live capture may use (PACKET_CAPTURE_INTERFACES: ${allowed.join(', ')}) exists on this server`,
  unknownInterface: (name: string) => `There is no interface "${name}" to capture on`,
  badBpf: (error: string) => `Invalid capture filter: ${error}`,
  busySocket: 'A capture is already running on this connection: stop it first',
  tooManyLive: 'Too many live captures are running on this server; try again later',
  liveFailed: 'Live capture failed on the server; try again',
  sessionEnded: 'Session expired',
  storageUnavailable: 'The capture file storage is unavailable. Try again in a few seconds.',
} as const;
