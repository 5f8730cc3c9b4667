// Entry point of the compiled `netguard-risk` (bin/netguard-risk.js): the help loads nothing else.
import { USAGE } from './usage.ts';

const argv = process.argv.slice(2);
if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') process.stdout.write(USAGE);
else {
  const { runCli } = await import('./cli.ts');
  const chunks: Buffer[] = [];
  if (argv[0] === 'assess') for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  process.exitCode = runCli(argv, Buffer.concat(chunks).toString('utf8'), {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
  });
}
