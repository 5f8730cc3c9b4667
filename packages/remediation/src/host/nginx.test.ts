import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { RemediationError } from '../execution.ts';
import { startTestHost, type TestHost } from '../testing/netns-host.ts';
import { actionById, remediationCycle } from '../testing/remediation-cycle.ts';
import { connectHost, type HostConnection } from './connection.ts';
import { applyHost } from './execute.ts';
import { verifyHostCheck } from './verify.ts';

const HARDENING = '/etc/nginx/conf.d/netguard-hardening.conf';

let host: TestHost;
let root: HostConnection;
beforeAll(async () => {
  host = await startTestHost({
    namespace: testResources().namespace(1),
    services: ['ssh', 'nginx'],
  });
  root = await connectHost({
    host: host.address,
    username: 'root',
    privateKey: host.rootKey,
    hostKeySha256: host.hostKeySha256,
  });
}, 60_000);
afterAll(async () => {
  root?.close();
  await host?.stop();
});

const nginxCycle = (actionId: string, checkId: string, port: number, lines: string[]) =>
  remediationCycle({
    host,
    conn: root,
    actionId,
    checkId,
    port,
    portWhenFixed: 'open',
    changed: { [HARDENING]: lines.map((l) => `+${l}`) },
    paths: [HARDENING, '/etc/nginx/nginx.conf'],
    executionId: actionId,
  });

describe('nginx actions on a namespace host', () => {
  it('nginx-hide-version', async () => {
    await nginxCycle('nginx-hide-version', 'http-server-version', 80, ['server_tokens off;']);
  });

  it('nginx-security-headers', async () => {
    await nginxCycle('nginx-security-headers', 'http-security-headers', 80, [
      'add_header Strict-Transport-Security "max-age=31536000" always;',
      'add_header X-Content-Type-Options "nosniff" always;',
      'add_header X-Frame-Options "DENY" always;',
      'add_header Content-Security-Policy "frame-ancestors \'none\'" always;',
      'add_header Referrer-Policy "no-referrer" always;',
    ]);
  });

  it('nginx-modern-tls: TLS 1.0 and 1.1 refused after, accepted again after the rollback', async () => {
    await remediationCycle({
      host,
      conn: root,
      actionId: 'nginx-modern-tls',
      checkId: 'tls-legacy-protocol',
      port: 443,
      portWhenFixed: 'open',
      // Debian's nginx.conf lines changed in place (indentation kept), the ciphers added.
      changed: {
        '/etc/nginx/nginx.conf': [
          '-\tssl_protocols TLSv1 TLSv1.1 TLSv1.2 TLSv1.3; # Dropping SSLv3, ref: POODLE',
          '-\tssl_prefer_server_ciphers on;',
          '+\tssl_protocols TLSv1.2 TLSv1.3;',
          '+\tssl_prefer_server_ciphers off;',
        ],
        [HARDENING]: [
          '+ssl_ciphers ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305;',
        ],
      },
      paths: [HARDENING, '/etc/nginx/nginx.conf'],
      executionId: 'nginx-modern-tls',
    });
  });

  it('remove-exposed-files moves /.git and /.env aside and back', async () => {
    const ls = (path: string, type: string) =>
      expect.stringMatching(new RegExp(`^-${type}\\S* +\\d+ root root .* ${path}$`));
    await remediationCycle({
      host,
      conn: root,
      actionId: 'remove-exposed-files',
      params: { webRoot: '/var/www/html/' },
      checkId: 'http-exposed-files',
      portWhenFixed: 'open',
      port: 80,
      changed: {
        '/var/www/html/.git': [ls('/var/www/html/.git', 'd')],
        '/var/www/html/.env': [ls('/var/www/html/.env', '-')],
      },
      paths: ['/var/www/html/.git', '/var/www/html/.git/HEAD', '/var/www/html/.env'],
      executionId: 'x1',
    });
    expect(existsSync(host.outside('/var/www/html/.git.netguard-x1'))).toBe(false);
  });

  it('a failing nginx -t: config_check_failed, the file it wrote removed again, nginx still serving', async () => {
    // A conf.d file of the host's own that sets ssl_ciphers in the http block: the action's
    // ssl_ciphers then duplicates it and nginx -t refuses the configuration.
    const stock = '/etc/nginx/conf.d/local-tls.conf';
    await root.writeFile(stock, 'ssl_ciphers HIGH:!aNULL;\n');
    try {
      const error = await applyHost(root, actionById('nginx-modern-tls'), {}, 'c1').catch((e) => e);
      expect(error).toBeInstanceOf(RemediationError);
      expect(error.code).toBe('config_check_failed');
      const steps = (error as RemediationError).log.map((l) => `${l.ok ? 'ok' : 'FAIL'} ${l.step}`);
      expect(steps).toContain('FAIL $ nginx -t');
      expect(steps).toContain(`ok $ rm -f -- ${HARDENING}`);
      expect(steps).toContain('ok $ service nginx reload');
      expect(steps.at(-1)).toBe('ok restored: the host is as it was before');
      expect(error.log.find((l: { step: string }) => l.step === '$ nginx -t').output).toMatch(
        /"ssl_ciphers" directive is duplicate/,
      );
      expect(existsSync(host.outside(HARDENING))).toBe(false);
    } finally {
      await root.exec(`rm -f ${stock}`);
    }
    const check = await verifyHostCheck({
      host: host.address,
      port: 80,
      checkId: 'http-server-version',
    });
    expect(check.fixed).toBe(false);
  });
});
