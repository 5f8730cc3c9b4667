import { CreateBucketCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { MOTO_CREDENTIALS, startMotoServer } from '@netguard/cloud/testing/moto';
import type { StorageSettings } from '../src/config.ts';
import { createS3Client } from '../src/modules/packets/packets.store-s3.ts';

export { MOTO_CREDENTIALS, MOTO_MISSING } from '@netguard/cloud/testing/moto';

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

/** Starts moto on 127.0.0.1 on a free port, with an S3 client and bucket helpers. */
export async function startMoto(): Promise<Moto> {
  const server = await startMotoServer();
  const { endpoint } = server;
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
      await server.stop();
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
