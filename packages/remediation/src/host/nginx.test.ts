import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  host = await startTestHost({ name: 'rem-web', index: 43, services: ['ssh', 'nginx'] });
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
    await nginxCycle('nginx-modern-tls', 'tls-legacy-protocol', 443, [
      'ssl_protocols TLSv1.2 TLSv1.3;',
      'ssl_ciphers ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305;',
      'ssl_prefer_server_ciphers off;',
    ]);
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
    // Debian's stock nginx.conf sets these two in the http block: the action's
    // ssl_prefer_server_ciphers then duplicates one and nginx -t refuses the configuration.
    const stock = '/etc/nginx/conf.d/debian-stock-tls.conf';
    await root.writeFile(
      stock,
      'ssl_protocols TLSv1 TLSv1.1 TLSv1.2 TLSv1.3;\nssl_prefer_server_ciphers on;\n',
    );
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
        /"ssl_prefer_server_ciphers" directive is duplicate/,
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
