// Protocol dissection: dissectFrame turns a captured frame into a TPacket with Wireshark-like
// columns and layers. One file per protocol (link.ts, ipv4.ts, tcp.ts, dns.ts, tls.ts...), each
// appending its layer to the Dissection (state.ts) and setting the columns; application.ts picks
// the application protocol of a TCP/UDP payload. Adding a protocol: write `dissectX(d, at, end)`
// with fields named as Wireshark's display filter names them, under a layer named by their
// prefix (`x.field` in layer `x`, which the display filter relies on), add `x` to the filter's
// FILTER_PROTOCOLS in packages/contracts, hook it into application.ts (ports, first bytes) and
// test it on hand-built frames and against tshark on a real capture (src/compare/).
export {
  type AppProtocol,
  createDissectContext,
  DECODE_AS_PROTOCOLS,
  type DissectContext,
  type DissectContextOptions,
  parseDecodeAs,
} from './context.ts';
export { type DissectOptions, dissectFrame } from './frame.ts';
export { LINKTYPE } from './link.ts';
