import { CAPTURE_MESSAGES } from './messages.ts';
import { findTcpdump, runTcpdump, tcpdumpMessage } from './tcpdump.ts';

/** Compiles a capture (BPF) filter with tcpdump: its error text, or null when the filter is valid. */
export async function checkCaptureFilter(
  bpf: string,
  options: { interface?: string; tcpdumpPath?: string } = {},
): Promise<string | null> {
  if (bpf.trim() === '') return null;
  const tcpdump = await findTcpdump(options.tcpdumpPath);
  if (!tcpdump) return CAPTURE_MESSAGES.tcpdumpMissing;
  // `--` ends the options: a filter such as "-w /etc/x" stays a filter and never becomes one.
  const run = await runTcpdump(tcpdump, ['-d', '-i', options.interface ?? 'lo', '--', bpf]);
  if (run.code === 0) return null;
  return (
    tcpdumpMessage(run.stderr) || `tcpdump could not compile the filter (exit code ${run.code})`
  );
}
