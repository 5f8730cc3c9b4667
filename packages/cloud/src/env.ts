// Credentials from each provider's usual environment variables, for the CLI.
import { readFileSync } from 'node:fs';
import type { CredentialsOf, Provider } from './types.ts';

type Env = Record<string, string | undefined>;

export class MissingCredentials extends Error {
  constructor(provider: Provider, names: string[]) {
    super(`${provider}: set ${names.join(', ')} in the environment`);
    this.name = 'MissingCredentials';
  }
}

function required(provider: Provider, env: Env, names: string[]): string[] {
  const missing = names.filter((n) => !env[n]);
  if (missing.length) throw new MissingCredentials(provider, missing);
  return names.map((n) => env[n] as string);
}

export const CREDENTIALS_FROM_ENV: {
  [P in Provider]: (env: Env, endpoint?: string) => CredentialsOf[P];
} = {
  aws(env, endpoint) {
    const [accessKeyId, secretAccessKey] = required('aws', env, [
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
    ]) as [string, string];
    return {
      accessKeyId,
      secretAccessKey,
      ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
      region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
      ...(env.AWS_ROLE_ARN ? { roleArn: env.AWS_ROLE_ARN } : {}),
      ...(env.AWS_EXTERNAL_ID ? { externalId: env.AWS_EXTERNAL_ID } : {}),
      ...(endpoint ? { endpoint } : {}),
    };
  },
  azure(env, endpoint) {
    const [tenantId, clientId, clientSecret, subscriptionId] = required('azure', env, [
      'AZURE_TENANT_ID',
      'AZURE_CLIENT_ID',
      'AZURE_CLIENT_SECRET',
      'AZURE_SUBSCRIPTION_ID',
    ]) as [string, string, string, string];
    return {
      tenantId,
      clientId,
      clientSecret,
      subscriptionId,
      ...(env.AZURE_AUTHORITY_HOST ? { authorityHost: env.AZURE_AUTHORITY_HOST } : {}),
      ...(endpoint ? { resourceManagerEndpoint: endpoint } : {}),
    };
  },
  gcp(env, endpoint) {
    const [keyFile] = required('gcp', env, ['GOOGLE_APPLICATION_CREDENTIALS']) as [string];
    const serviceAccountKey = readFileSync(keyFile, 'utf8');
    const projectId =
      env.GOOGLE_CLOUD_PROJECT ||
      (JSON.parse(serviceAccountKey) as { project_id?: string }).project_id ||
      required('gcp', env, ['GOOGLE_CLOUD_PROJECT'])[0];
    return {
      projectId: projectId as string,
      serviceAccountKey,
      ...(endpoint ? { apiEndpoint: endpoint } : {}),
    };
  },
};
