// The scan command. What only some runs need (service detection and checks, the advisories, the
// nmap XML and SARIF writers, and zod under them) is imported when a run needs it, so that a
// ports-only scan starts on little more than Node itself.
import type { TFinding } from '@netguard/contracts';
import { parseCliArgs, USAGE } from './cli-args.ts';
import { findingLine, portLine, summaryLine } from './output/jsonl.ts';
import type { ScanReport } from './output/report.ts';
import {
  createPortEngine,
  type EngineOptions,
  type Progress,
  prestartThreads,
} from './port-engine.ts';
import type { ServiceResult } from './types.ts';

function drawProgress(p: Progress): void {
  const width = 30;
  const filled = Math.round((p.percent / 100) * width);
  process.stderr.write(
    `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${p.percent.toFixed(1)}% ${p.done}/${p.total} ${p.phase}   `,
  );
}

/** The engine for these options: service detection and checks are loaded unless ports only. */
async function engineFor(options: EngineOptions) {
  if (options.portsOnly) return createPortEngine(options);
  const [{ createEngine }, { existingDefaultStore }] = await Promise.all([
    import('./engine.ts'),
    import('./advisories/store.ts'),
  ]);
  return createEngine({
    ...options,
    advisoriesFile: options.advisoriesFile ?? existingDefaultStore(),
  });
}

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'advisories') {
    const { runAdvisoriesCommand } = await import('./advisories/cli.ts');
    return runAdvisoriesCommand(argv.slice(1), {
      out: (t) => process.stdout.write(t),
      err: (t) => process.stderr.write(t),
    });
  }
  let config: ReturnType<typeof parseCliArgs>;
  try {
    config = parseCliArgs(argv);
  } catch (error) {
    process.stderr.write(`netguard-scan: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (config === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  let engine: ReturnType<typeof createPortEngine>;
  try {
    // The threads boot while the rest of the program loads.
    prestartThreads(config.engine, config.targets);
    engine = await engineFor(config.engine);
  } catch (error) {
    process.stderr.write(`netguard-scan: ${(error as Error).message}\n`);
    return 2;
  }
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  const startedAt = new Date();
  const ports: ServiceResult[] = [];
  const hosts = new Map<string, NonNullable<ScanReport['hosts']>[number]>();
  const findings: TFinding[] = [];
  const streaming = config.output === 'jsonl';
  const tty = process.stderr.isTTY;
  const summary = await engine.run(config.targets, {
    signal: controller.signal,
    onProgress: tty ? drawProgress : undefined,
    onRefused: (r) =>
      process.stderr.write(`${tty ? '\n' : ''}netguard-scan: refused ${r.reason}\n`),
    onHost: (h) => hosts.set(h.address, h),
    onHostScanned: (counts) =>
      hosts.set(counts.address, { ...hosts.get(counts.address), ...counts }),
    onPort: (r) => (streaming ? process.stdout.write(`${portLine(r)}\n`) : ports.push(r)),
    onFinding: (f) => (streaming ? process.stdout.write(`${findingLine(f)}\n`) : findings.push(f)),
  });
  if (tty) process.stderr.write('\n');
  for (const entry of summary.invalid)
    process.stderr.write(`netguard-scan: skipped invalid target "${entry}"\n`);
  const report: ScanReport = {
    args: ['netguard-scan', ...argv].join(' '),
    startedAt,
    ports,
    hosts: [...hosts.values()],
    tcpPorts: engine.ports,
    findings,
    summary,
  };
  if (config.output === 'jsonl') process.stdout.write(`${summaryLine(summary)}\n`);
  else if (config.output === 'nmap-xml') {
    const { toNmapXml } = await import('./output/nmap-xml.ts');
    process.stdout.write(toNmapXml(report));
  } else {
    const { toSarif } = await import('./output/sarif.ts');
    process.stdout.write(`${JSON.stringify(toSarif(report), null, 2)}\n`);
  }
  return summary.cancelled ? 130 : 0;
}

process.exitCode = await main(process.argv.slice(2));
