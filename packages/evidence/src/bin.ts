// Entry point of the compiled `netguard-evidence` (bin/netguard-evidence.js): the help loads
// nothing else.
import { USAGE } from './cli-usage.ts';

const argv = process.argv.slice(2);
if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help')
  process.stdout.write(USAGE);
else {
  const { runCli } = await import('./cli.ts');
  process.exitCode = await runCli(argv, {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
  });
}
