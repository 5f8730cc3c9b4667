// `netguard siem send-sample` (no database: one sample event in a type's format, and what the
// destination answered) and `netguard siem test <integration id>` (Test Connection of a stored
// integration, with the deployment's secret key). Both connect as a deployment operator: all but
// the built-in deny list and EGRESS_DENIED_RANGES.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SIEM_TYPES, type TSiemType, ZSiemIntegrationCreate } from '@netguard/contracts';
import { createEgressPolicy, type Network, networkFor } from '@netguard/egress';
import { createDestination, sampleSiemEvent } from '@netguard/siem';
import { eq } from 'drizzle-orm';
import { type AppConfig, loadConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { siemIntegrations } from './db/schema.ts';
import { loadSecretKey } from './lib/secret-key.ts';
import { createSiemSecrets } from './modules/siem/siem.config.ts';
import { testConnection } from './modules/siem/siem.test-connection.ts';

export const SIEM_USAGE = `  siem send-sample --type <type> --endpoint <url> [--token T] [--username U --password P]
                   [--tenant-id ID --client-id ID] [--dcr ID --stream NAME] [--customer-id ID]
                   [--index I] [--ack] [--ca-file PEM] [--timeout S]
                            Send one sample event in that type's format and print the answer
                            (--token is the key: HEC token, API key, client secret, Sumo source
                            token, or @file.json for a service-account key file). Types:
                            ${SIEM_TYPES.join(', ')}
  siem test <integration id>
                            Test Connection of a stored integration (sends a canary event)`;

/** The operators' network: the egress policy with a deployment operator's reach. */
const operatorNetwork = (config: AppConfig): Network =>
  networkFor(createEgressPolicy({ denied: config.egress.deniedRanges }), { operator: true });

const secretArg = (value: string | undefined) =>
  value?.startsWith('@') ? readFileSync(value.slice(1), 'utf8') : value;

/** Exit 0 when the destination accepted the sample, 1 when it did not, 2 on bad usage. */
export async function siemSendSample(args: string[]): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args,
      options: {
        type: { type: 'string' },
        endpoint: { type: 'string' },
        token: { type: 'string' },
        username: { type: 'string' },
        password: { type: 'string' },
        'tenant-id': { type: 'string' },
        'client-id': { type: 'string' },
        dcr: { type: 'string' },
        stream: { type: 'string' },
        'customer-id': { type: 'string' },
        index: { type: 'string' },
        ack: { type: 'boolean' },
        'ca-file': { type: 'string' },
        timeout: { type: 'string' },
      },
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\nUsage:\n${SIEM_USAGE}`);
    return 2;
  }
  const str = (key: string) => values[key] as string | undefined;
  const parsed = ZSiemIntegrationCreate.safeParse({
    name: 'send-sample',
    type: str('type'),
    endpoint: str('endpoint'),
    authType: str('username') ? 'basic' : str('tenant-id') ? 'oauth' : 'api_key',
    credentials: clean({
      key: secretArg(str('token')),
      username: str('username'),
      password: str('password'),
      tenantId: str('tenant-id'),
      clientId: str('client-id'),
    }),
    options: clean({
      dcrImmutableId: str('dcr'),
      streamName: str('stream'),
      customerId: str('customer-id'),
      index: str('index'),
      ackEnabled: values.ack === true ? true : undefined,
      caPem: str('ca-file') ? readFileSync(str('ca-file') as string, 'utf8') : undefined,
    }),
    settings: str('timeout') ? { timeout: Number(str('timeout')) } : {},
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      console.error(`${issue.path.join('.') || 'arguments'}: ${issue.message}`);
    console.error(`Usage:\n${SIEM_USAGE}`);
    return 2;
  }
  const config = parsed.data;
  const event = sampleSiemEvent();
  const started = Date.now();
  const [outcome] = await createDestination({
    ...config,
    type: config.type as TSiemType,
    channel: crypto.randomUUID(),
    network: operatorNetwork(loadConfig()),
  }).send([event]);
  console.log(JSON.stringify({ eventId: event.id, ms: Date.now() - started, ...outcome }, null, 2));
  return outcome?.status === 'delivered' ? 0 : 1;
}

const clean = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

export async function siemTest(url: string, [id]: string[]): Promise<number> {
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) {
    console.error('Usage: netguard siem test <integration id>');
    return 2;
  }
  const config = loadConfig();
  const database = createDatabase(url, { max: 1 });
  try {
    const [row] = await database.db
      .select()
      .from(siemIntegrations)
      .where(eq(siemIntegrations.id, id));
    if (!row) {
      console.error(`No SIEM integration ${id}`);
      return 1;
    }
    const secrets = createSiemSecrets(loadSecretKey(config.secretKey, config.dataDir));
    const { result } = await testConnection(row, secrets, operatorNetwork(config));
    console.log(
      `${result.success ? 'Connection Successful' : 'Connection Failed'}: ${result.message}`,
    );
    return result.success ? 0 : 1;
  } finally {
    await database.close();
  }
}
