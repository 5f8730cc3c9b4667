// netguard-egress check: the policy's verdict for a host and port, as the server would give it.
import { parseArgs } from 'node:util';
import { EgressError } from './errors.ts';
import { createEgressPolicy, type Endpoint } from './policy.ts';
import { type Lookup, resolveChecked } from './resolve.ts';
import { USAGE } from './usage.ts';

export type Io = { out: (text: string) => void; err: (text: string) => void; lookup?: Lookup };

const list = (value: string | undefined) => (value ? value.split(',').filter(Boolean) : []);

function endpoint(text: string): Endpoint {
  const at = text.lastIndexOf(':');
  const port = Number(text.slice(at + 1));
  if (at < 1 || !Number.isInteger(port)) throw new Error(`--own: "${text}" is not ADDRESS:PORT`);
  return { address: text.slice(0, at), port };
}

/** Runs the CLI; resolves to the exit code. */
export async function runCli(argv: string[], io: Io): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  const parse = () =>
    parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        operator: { type: 'boolean', default: false },
        allow: { type: 'string' },
        deny: { type: 'string' },
        own: { type: 'string' },
      },
    });
  try {
    parsed = parse();
  } catch (error) {
    io.err(`netguard-egress: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [command, host, portText] = parsed.positionals;
  const port = Number(portText);
  if (command !== 'check' || !host || !Number.isInteger(port) || port < 1 || port > 65535) {
    io.err(USAGE);
    return 2;
  }
  let policy: ReturnType<typeof createEgressPolicy>;
  try {
    policy = createEgressPolicy({
      allowed: list(parsed.values.allow),
      denied: list(parsed.values.deny),
      ownEndpoints: list(parsed.values.own).map(endpoint),
    });
  } catch (error) {
    io.err(`netguard-egress: ${(error as Error).message}\n`);
    return 2;
  }
  try {
    const target = await resolveChecked(
      policy,
      host,
      port,
      { operator: parsed.values.operator },
      io.lookup,
    );
    io.out(`allowed: ${target.address} port ${port}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof EgressError)) throw error;
    io.out(`refused: ${error.message}\n`);
    return 1;
  }
}
