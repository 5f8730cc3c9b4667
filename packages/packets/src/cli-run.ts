// The netguard-packets commands over one capture file: the library does the work, this only
// reads arguments, prints and picks the exit code.
import { once } from 'node:events';
import { compilePacketFilter, createPacketStats, type TPacket } from '@netguard/contracts';
import { type CliConfig, parseCliArgs, USAGE } from './cli-args.ts';
import { packetLine, relativeTime, timeDigits } from './cli-format.ts';
import { createDissectContext, dissectFrame } from './dissect/index.ts';
import { readCaptureFile } from './reader/index.ts';
import { CaptureFormatError, type Frame } from './types.ts';

export type CliIo = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

const FLUSH_BYTES = 64 * 1024;

// Lines are batched and written with backpressure, so a slow pipe does not fill memory; only a
// full batch costs an await.
function bufferedOutput(stream: NodeJS.WritableStream) {
  let buffer = '';
  const flush = async () => {
    if (buffer === '') return;
    const chunk = buffer;
    buffer = '';
    if (!stream.write(chunk)) await once(stream, 'drain');
  };
  return {
    /** Adds a line; true when the batch is full and should be flushed. */
    line(text: string): boolean {
      buffer += `${text}\n`;
      return buffer.length >= FLUSH_BYTES;
    },
    flush,
  };
}

async function runCommand(config: CliConfig, io: CliIo): Promise<number> {
  const filter = compilePacketFilter({ filter: config.filter });
  if (!filter.ok) {
    io.stderr.write(`netguard-packets: ${filter.error}\n`);
    return 1;
  }
  const reader = readCaptureFile(config.file);
  const context = createDissectContext({ decodeAs: config.decodeAs });
  const output = bufferedOutput(io.stdout);
  const stats =
    config.command === 'stats' ? createPacketStats({ topHosts: config.topHosts }) : null;
  // Counting everything needs no dissection at all.
  const dissect = config.command !== 'count' || config.filter.trim() !== '';
  let count = 0;
  let first: Pick<Frame, 'seconds' | 'nanos'> | null = null;
  for await (const frame of reader.frames()) {
    first ??= { seconds: frame.seconds, nanos: frame.nanos };
    if (!dissect) {
      count++;
      continue;
    }
    const packet: TPacket = dissectFrame(frame, { context, includePayload: config.json });
    if (!filter.match(packet)) continue;
    count++;
    if (stats) stats.add(packet);
    else if (config.command === 'read') {
      const digits = timeDigits(reader.interfaces[frame.interfaceId]);
      const text = config.json
        ? JSON.stringify(packet)
        : packetLine(packet, relativeTime(frame, first, digits));
      if (output.line(text)) await output.flush();
    }
  }
  if (stats) output.line(JSON.stringify(stats.result(), null, 2));
  if (config.command === 'count') output.line(String(count));
  await output.flush();
  return 0;
}

/** Runs the CLI with `argv` (after the program name); resolves to the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let config: CliConfig | 'help';
  try {
    config = parseCliArgs(argv);
  } catch (error) {
    io.stderr.write(`netguard-packets: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (config === 'help') {
    io.stdout.write(USAGE);
    return 0;
  }
  try {
    return await runCommand(config, io);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (error instanceof CaptureFormatError)
      io.stderr.write(`netguard-packets: ${config.file}: ${error.message}\n`);
    else if (typeof code === 'string' && code.startsWith('E'))
      io.stderr.write(
        `netguard-packets: cannot read ${config.file}: ${(error as Error).message}\n`,
      );
    else throw error;
    return 1;
  }
}
