// Entry point of `netguard-packets` (bin/netguard-packets.js): process wiring only.
import { runCli } from './cli-run.ts';

// A reader that stops early (`| head`) closes the pipe: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
});
