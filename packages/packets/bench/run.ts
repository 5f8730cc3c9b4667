// Benchmark of issue 7: read + dissect throughput and peak memory of @netguard/packets against
// tshark on synthetic captures of 250,000 and 1,000,000 packets (`npm run bench:packets`).
// Each run is its own process; rounds alternate which tool goes first; medians of 3 are shown.
// The reader alone is measured too, so that its share of time and memory can be told apart.
// No network traffic: the captures are generated files in a temporary folder.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, requireTool } from '../../../bench/tools.ts';
import { generateCapture, type Measure, measureEngine, measureTshark } from './measure.ts';

const SIZES = [250_000, 1_000_000];
const ROUNDS = 3;

requireTool('tshark', 'tshark');
requireTool('python3', 'python3');
const dir = mkdtempSync(join(tmpdir(), 'bench-packets-'));
try {
  const files = new Map<number, string>();
  for (const size of SIZES) {
    const path = join(dir, `synthetic-${size}.pcap`);
    const started = performance.now();
    await generateCapture(path, size);
    const mb = statSync(path).size / 1e6;
    console.log(
      `generated ${size} packets (${mb.toFixed(0)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    files.set(size, path);
  }

  const runs = new Map<string, Measure[]>();
  const record = (key: string, m: Measure) => runs.set(key, [...(runs.get(key) ?? []), m]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const size of SIZES) {
      const path = files.get(size)!;
      const tools = ['engine', 'reader', 'tshark'] as const;
      for (const tool of round % 2 === 0 ? tools : [...tools].reverse()) {
        const m =
          tool === 'tshark'
            ? await measureTshark(path)
            : await measureEngine(path, tool === 'reader');
        console.log(
          `round ${round + 1} ${size} ${tool}: ${(m.wallMs / 1000).toFixed(2)} s, ${m.maxRssMb.toFixed(0)} MB, ${m.packets} packets`,
        );
        record(`${tool}:${size}`, m);
      }
    }
  }

  const rows = SIZES.map((size) => {
    const ours = runs.get(`engine:${size}`)!;
    const reader = runs.get(`reader:${size}`)!;
    const shark = runs.get(`tshark:${size}`)!;
    const oursMs = median(ours.map((m) => m.wallMs));
    const sharkMs = median(shark.map((m) => m.wallMs));
    return {
      packets: size,
      'engine pkt/s': Math.round(size / (oursMs / 1000)),
      'engine loop pkt/s': Math.round(size / (median(ours.map((m) => m.innerMs)) / 1000)),
      'tshark pkt/s': Math.round(size / (sharkMs / 1000)),
      'time ratio (engine/tshark)': Number((oursMs / sharkMs).toFixed(3)),
      'engine peak RSS MB': Math.round(median(ours.map((m) => m.maxRssMb))),
      'reader-only pkt/s': Math.round(size / (median(reader.map((m) => m.wallMs)) / 1000)),
      'reader-only peak RSS MB': Math.round(median(reader.map((m) => m.maxRssMb))),
      'tshark peak RSS MB': Math.round(median(shark.map((m) => m.maxRssMb))),
      'packets engine/tshark': `${ours[0]!.packets}/${shark[0]!.packets}`,
    };
  });
  console.log(
    `\nengine mode: ${runs.get(`engine:${SIZES[0]}`)![0]!.mode}; medians of ${ROUNDS} rounds, wall time of whole processes`,
  );
  console.table(rows);

  const countsAgree = [...runs].every(([key, ms]) =>
    ms.every((m) => m.packets === Number(key.split(':')[1])),
  );
  const [small, large] = rows as [(typeof rows)[0], (typeof rows)[0]];
  const growth = (key: 'engine peak RSS MB' | 'reader-only peak RSS MB') =>
    (large[key] / small[key]).toFixed(2);
  console.log(`packet counts agree with tshark and the generator: ${countsAgree}`);
  console.log(
    `peak RSS 1M / 250k (flat when about 1.2 or less): engine ${growth('engine peak RSS MB')}, reader alone ${growth('reader-only peak RSS MB')}`,
  );
  if (!countsAgree) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
