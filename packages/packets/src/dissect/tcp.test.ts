import { describe, expect, it } from 'vitest';
import { bytes, ethernet, frameOf, ipv4, tcp, u16, u32 } from '../testing/frame-builder.ts';
import { fieldValue, layerNames } from '../testing/packet-fields.ts';
import { createDissectContext, type DissectContext, dissectFrame } from './index.ts';

const SYN = 0x02;
const ACK = 0x10;
const PSH = 0x08;
const FIN = 0x01;

const MSS = [2, 4, ...u16(65495)];
const SACK_PERM = [4, 2];
const TIMESTAMPS = (value: number, echo: number) => [8, 10, ...u32(value), ...u32(echo)];
const WINDOW_SCALE = (shift: number) => [1, 3, 3, shift];

function segment(
  from: [string, number],
  to: [string, number],
  header: Parameters<typeof tcp>[2],
  payload: string | number[] | Uint8Array = [],
  number = 1,
) {
  return frameOf(
    ethernet(
      '02:00:00:00:00:01',
      '02:00:00:00:00:02',
      0x0800,
      ipv4(from[0], to[0], 6, tcp(from[1], to[1], header, payload)),
    ),
    1,
    number,
  );
}

const client: [string, number] = ['127.0.0.1', 51234];
const server: [string, number] = ['127.0.0.2', 4000];

describe('TCP', () => {
  it('shows flags, numbers, window, length and options in Wireshark order', () => {
    const syn = dissectFrame(
      segment(client, server, {
        seq: 0,
        flags: SYN,
        window: 65495,
        options: [...MSS, ...SACK_PERM, ...TIMESTAMPS(7, 0), 1, ...WINDOW_SCALE(10)],
      }),
    );
    expect(syn.info).toBe(
      '51234 → 4000 [SYN] Seq=0 Win=65495 Len=0 MSS=65495 SACK_PERM TSval=7 TSecr=0 WS=1024',
    );
    expect(syn.flags).toEqual(['SYN']);
    expect(fieldValue(syn, 'tcp.flags.syn')).toBe(true);
    expect(fieldValue(syn, 'tcp.options.mss_val')).toBe(65495);
    const urgent = dissectFrame(
      segment(client, server, {
        seq: 5,
        ack: 6,
        flags: ACK | 0x20 | 0x40 | 0x80 | FIN | 0x04 | PSH,
      }),
    );
    expect(urgent.flags).toEqual(['FIN', 'RST', 'PSH', 'ACK', 'URG', 'ECE', 'CWR']);
    expect(urgent.info).toMatch(
      /^51234 → 4000 \[FIN, RST, PSH, ACK, URG, ECE, CWR\] Seq=5 Ack=6 Win=65535 Urg=0 Len=0$/,
    );
    const none = dissectFrame(segment(client, server, { seq: 5, flags: 0 }));
    expect(none.info).toBe('51234 → 4000 [<None>] Seq=5 Win=65535 Len=0');
    expect(none.flags).toEqual([]);
  });

  it('without a context shows raw sequence numbers and windows', () => {
    const packet = dissectFrame(
      segment(client, server, { seq: 960137578, ack: 765088205, flags: ACK, window: 64 }),
    );
    expect(packet.info).toBe('51234 → 4000 [ACK] Seq=960137578 Ack=765088205 Win=64 Len=0');
  });

  it('with a context counts from the SYNs and scales windows once both sides offered scaling', () => {
    const context: DissectContext = createDissectContext();
    const read = (f: ReturnType<typeof segment>) => dissectFrame(f, { context }).info;
    expect(
      read(
        segment(client, server, {
          seq: 1000,
          flags: SYN,
          window: 65495,
          options: WINDOW_SCALE(10),
        }),
      ),
    ).toBe('51234 → 4000 [SYN] Seq=0 Win=65495 Len=0 WS=1024');
    expect(
      read(
        segment(server, client, {
          seq: 5000,
          ack: 1001,
          flags: SYN | ACK,
          window: 65483,
          options: WINDOW_SCALE(7),
        }),
      ),
    ).toBe('4000 → 51234 [SYN, ACK] Seq=0 Ack=1 Win=65483 Len=0 WS=128');
    expect(
      read(segment(client, server, { seq: 1001, ack: 5001, flags: ACK | PSH, window: 64 }, 'GET')),
    ).toContain('Seq=1 Ack=1 Win=65536 Len=3');
    expect(read(segment(server, client, { seq: 5001, ack: 1004, flags: ACK, window: 512 }))).toBe(
      '4000 → 51234 [ACK] Seq=1 Ack=4 Win=65536 Len=0',
    );
  });

  it('with a context counts from one before the first segment seen mid-stream, unscaled', () => {
    const context = createDissectContext();
    expect(
      dissectFrame(segment(client, server, { seq: 7000, ack: 9000, flags: ACK, window: 64 }), {
        context,
      }).info,
    ).toBe('51234 → 4000 [ACK] Seq=1 Ack=1 Win=64 Len=0');
    expect(
      dissectFrame(segment(server, client, { seq: 8999, ack: 7000, flags: ACK, window: 64 }), {
        context,
      }).info,
    ).toBe('4000 → 51234 [ACK] Seq=0 Ack=1 Win=64 Len=0');
  });

  it('starts counting again when a new SYN reuses the ports', () => {
    const context = createDissectContext();
    dissectFrame(segment(client, server, { seq: 100, flags: SYN }), { context });
    dissectFrame(segment(server, client, { seq: 300, ack: 101, flags: SYN | ACK }), { context });
    const reused = dissectFrame(segment(client, server, { seq: 90000, flags: SYN }), { context });
    expect(reused.info).toContain('Seq=0');
    const next = dissectFrame(segment(client, server, { seq: 90001, ack: 777, flags: ACK }), {
      context,
    });
    expect(next.info).toContain('Seq=1 Ack=1');
  });

  it('marks a segment shorter than its header malformed, after the ports', () => {
    const cut = frameOf(
      ethernet(
        '02:00:00:00:00:01',
        '02:00:00:00:00:02',
        0x0800,
        ipv4('10.0.0.2', '10.0.0.1', 6, tcp(2000, 1000, { flags: ACK }).subarray(0, 15)),
      ),
    );
    const packet = dissectFrame(cut);
    expect([packet.protocol, packet.info]).toEqual(['TCP', '2000 → 1000[Malformed Packet]']);
    expect(layerNames(packet)).toEqual(['frame', 'eth', 'ip', 'tcp', 'malformed']);
  });

  it('says the snap length cut a segment without calling it malformed', () => {
    const full = ethernet(
      '02:00:00:00:00:01',
      '02:00:00:00:00:02',
      0x0800,
      ipv4('10.0.0.2', '10.0.0.1', 6, tcp(2000, 1000, { flags: ACK })),
    );
    const packet = dissectFrame(frameOf(full.subarray(0, 44), 1, 1, full.length));
    expect(packet.info).toBe('2000 → 1000');
    expect(packet.layers.at(-1)!.summary).toBe(
      '[Packet size limited during capture: TCP truncated]',
    );
    expect(packet.length).toBe(full.length);
    expect(packet.captured_length).toBe(44);
  });

  it('keeps unknown payload as a data layer', () => {
    const packet = dissectFrame(
      segment(client, ['127.0.0.2', 9999], { flags: ACK | PSH }, bytes([0, 1, 2, 3])),
    );
    expect(packet.protocol).toBe('TCP');
    expect(fieldValue(packet, 'data.len')).toBe(4);
  });
});
