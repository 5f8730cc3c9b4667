/** Why live capture is not possible, in words the Packet Analysis page shows. */
export const CAPTURE_MESSAGES = {
  tcpdumpMissing: 'Live capture needs tcpdump on the server: apt-get install tcpdump',
  notPermitted:
    'The server process may not capture packets: run it as root or give tcpdump the CAP_NET_RAW capability',
  timeLimit: (seconds: number) => `The capture stopped after its time limit of ${seconds} seconds`,
} as const;
