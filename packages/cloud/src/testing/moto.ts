// Starts moto_server (moto 5.2.1, AWS's API as a local fake) on 127.0.0.1 on a free port for the
// tests and benchmarks, and stops it. Nothing here reaches AWS.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';

export const MOTO_MISSING =
  "moto_server not found: pip install 'moto[server]==5.2.1' (the AWS tests run moto on 127.0.0.1)";

/** moto accepts any key pair; these are what the tests sign with. */
export const MOTO_CREDENTIALS = { accessKeyId: 'netguard-test', secretAccessKey: 'netguard-test' };

/**
 * The environment moto_server runs in. moto calls boto3 for some requests, and boto3 without keys
 * of its own walks its credential chain to the EC2 instance metadata service (169.254.169.254):
 * keys in the environment end that walk first, and the metadata lookup is switched off as well.
 */
export function motoEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    AWS_ACCESS_KEY_ID: MOTO_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: MOTO_CREDENTIALS.secretAccessKey,
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_CONFIG_FILE: '/dev/null',
    AWS_SHARED_CREDENTIALS_FILE: '/dev/null',
    ...extra,
  };
}

export type MotoServer = {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  stop(): Promise<void>;
};

/** moto_server on PATH, else moto's server module for python3; throws MOTO_MISSING if neither. */
function motoCommand(): [string, string[]] {
  if (spawnSync('sh', ['-c', 'command -v moto_server']).status === 0) return ['moto_server', []];
  if (spawnSync('python3', ['-c', 'import moto.server']).status === 0)
    return ['python3', ['-m', 'moto.server']];
  throw new Error(MOTO_MISSING);
}

/**
 * Starts moto_server on 127.0.0.1 on a free port (it prints the port it took). With
 * `awsManagedPolicies`, the AWS-managed IAM policies (AdministratorAccess...) exist, as on AWS; it
 * costs moto about two seconds at its first IAM call, so only the tests that attach them ask.
 */
export async function startMotoServer(
  options: { awsManagedPolicies?: boolean } = {},
): Promise<MotoServer> {
  const [command, args] = motoCommand();
  const child: ChildProcess = spawn(command, [...args, '-H', '127.0.0.1', '-p', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: motoEnv({
      MOTO_IAM_LOAD_MANAGED_POLICIES: String(Boolean(options.awsManagedPolicies)),
    }),
  });
  const exited = once(child, 'exit').catch(() => undefined);
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`moto_server did not start within 30 s: ${output}`));
    }, 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Running on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${MOTO_MISSING} (${error.message})`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`moto_server exited with ${code} before it listened: ${output}`));
    });
  });
  // Keep draining its request log so that it never blocks on a full pipe.
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
