// Entry point of the compiled `netguard-selftest` (bin/netguard-selftest.js).
import { runCli } from './cli.ts';

process.exitCode = await runCli(process.argv.slice(2), {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
});
