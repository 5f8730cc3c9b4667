import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { CreateBucketCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import type { StorageSettings } from '../src/config.ts';
import { createS3Client } from '../src/modules/packets/packets.store-s3.ts';

export const MOTO_MISSING =
  "moto_server not found: pip install 'moto[server]==5.2.1' (the shared storage tests run moto's S3 on 127.0.0.1)";

/** moto accepts any key pair; these are what the tests sign with. */
export const MOTO_CREDENTIALS = { accessKeyId: 'netguard-test', secretAccessKey: 'netguard-test' };

export type Moto = {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  /** A client signed with MOTO_CREDENTIALS, for the tests' own look at the bucket. */
  client: S3Client;
  /** Makes a bucket and gives the storage settings of `s3://<bucket>/<prefix>` on this server. */
  bucket(name: string, prefix?: string): Promise<StorageSettings>;
  /** The keys under `prefix` in `bucket`, listed through the SDK. */
  keys(bucket: string, prefix?: string): Promise<string[]>;
  stop(): Promise<void>;
};

/** moto_server on PATH, else moto's server module for python3; throws MOTO_MISSING if neither. */
function motoCommand(): [string, string[]] {
  if (spawnSync('sh', ['-c', 'command -v moto_server']).status === 0) return ['moto_server', []];
  if (spawnSync('python3', ['-c', 'import moto.server']).status === 0)
    return ['python3', ['-m', 'moto.server']];
  throw new Error(MOTO_MISSING);
}

/** Starts moto's S3 on 127.0.0.1 on a free port (it prints the port it took). */
export async function startMoto(): Promise<Moto> {
  const [command, args] = motoCommand();
  const child: ChildProcess = spawn(command, [...args, '-H', '127.0.0.1', '-p', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
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
  const endpoint = `http://127.0.0.1:${port}`;
  const settingsOf = (bucket: string, prefix = ''): StorageSettings => ({
    bucket,
    prefix,
    endpoint,
    region: 'us-east-1',
    credentials: MOTO_CREDENTIALS,
  });
  const client = createS3Client(settingsOf('any'));
  return {
    endpoint,
    client,
    async bucket(name, prefix = '') {
      await client.send(new CreateBucketCommand({ Bucket: name }));
      return settingsOf(name, prefix);
    },
    async keys(bucket, prefix = '') {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }),
        );
        keys.push(...(page.Contents ?? []).map((object) => object.Key as string));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    async stop() {
      client.destroy();
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** The storage settings as the variables a deployment would set. */
export function storageEnv(settings: StorageSettings): Record<string, string> {
  return {
    STORAGE_URL: `s3://${settings.bucket}/${settings.prefix}`,
    STORAGE_ENDPOINT: settings.endpoint ?? '',
    STORAGE_REGION: settings.region,
    AWS_ACCESS_KEY_ID: MOTO_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: MOTO_CREDENTIALS.secretAccessKey,
  };
}
