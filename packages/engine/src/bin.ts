// Entry point of the compiled `netguard-scan` (bin/netguard-scan.js): the help loads no engine.
import { USAGE } from './usage.ts';

const argv = process.argv.slice(2);
if (argv[0] !== 'advisories' && (argv.includes('-h') || argv.includes('--help')))
  process.stdout.write(USAGE);
else await import('./cli.ts');
