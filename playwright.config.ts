import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { resourcesOf } from './scripts/testing/resources.ts';

/**
 * Port and data dir of the server the browser tests run against; fresh for every run. Its fixed
 * ports on 127.0.0.1 sit below the kernel's ephemeral range (32768+), which is all a Vitest file
 * may hold there, so the two runners share the machine (docs/testing.md).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18181);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? 'artifacts/e2e-data';
export const E2E_SERVER_LOG = process.env.E2E_SERVER_LOG ?? 'artifacts/e2e-server.log';
export const E2E_PGPORT = Number(process.env.E2E_PGPORT ?? 18391);
/** The moto_server port the cloud spec starts; the e2e server's AWS calls all go there. */
export const E2E_AWS_MOTO_PORT = Number(process.env.E2E_AWS_MOTO_PORT ?? 18195);
/**
 * The DNS server the SSO spec starts (dnsmasq, in that spec's loopback block): the e2e server
 * looks up the TXT records proving SSO domains there, never on the machine's resolver.
 */
export const E2E_SSO_DNS = {
  host: resourcesOf(fileURLToPath(new URL('./e2e/sso.spec.ts', import.meta.url))).host(53),
  port: 5353,
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'artifacts/test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // CI runs the Node 24 Vitest pass beside the browser tests on two cores: a page that renders in
  // 1 s alone may take several there. Waits are longer, never the assertions weaker.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && mkdir -p artifacts && node --enable-source-maps apps/server/dist/main.js > ${E2E_SERVER_LOG} 2>&1`,
    url: `http://localhost:${E2E_PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      // Loopback only, not every address: the specs' and Vitest's loopback blocks stay free of it
      // (a wildcard listener would answer on E2E_PORT at every 127.x.y.z they scan).
      HOST: '127.0.0.1',
      PORT: String(E2E_PORT),
      NETGUARD_DATA_DIR: E2E_DATA_DIR,
      PGPORT: String(E2E_PGPORT),
      AUTH_RATE_LIMIT: '200',
      // The lowest argon2id cost, as in the Vitest deployments: the specs sign in many times.
      PASSWORD_HASH_MEMORY_KIB: '1024',
      PASSWORD_HASH_TIME_COST: '1',
      LOG_LEVEL: 'info',
      // Browser tests reach loopback only: feeds come by upload, never from the public URLs.
      NETGUARD_OFFLINE: '1',
      // Cloud scans of AWS connections reach the spec's moto_server, never AWS.
      CLOUD_AWS_ENDPOINT: `http://127.0.0.1:${E2E_AWS_MOTO_PORT}`,
      SSO_DNS_RESOLVERS: `${E2E_SSO_DNS.host}:${E2E_SSO_DNS.port}`,
      // The specs' identity provider and receivers listen on loopback: tenants may reach it here
      // (the server's own ports and database stay refused).
      EGRESS_ALLOWED_RANGES: '127.0.0.0/8',
    },
  },
});
