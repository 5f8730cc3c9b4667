// Entry point of the compiled `netguard-packets` (bin/netguard-packets.js): the help loads no
// reader or dissector.
import { USAGE } from './usage.ts';

const argv = process.argv.slice(2);
if (argv.includes('-h') || argv.includes('--help')) process.stdout.write(USAGE);
else await import('./cli.ts');
