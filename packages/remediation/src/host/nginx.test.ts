import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { RemediationError } from '../execution.ts';
import { startTestHost, type TestHost } from '../testing/netns-host.ts';
import { actionById, remediationCycle } from '../testing/remediation-cycle.ts';
import { connectHost, type HostConnection } from './connection.ts';
import { applyHost, dryRunHost } from './execute.ts';
import { verifyHostCheck } from './verify.ts';

const HARDENING = '/etc/nginx/conf.d/netguard-hardening.conf';
const TLS_SITE = '/etc/nginx/sites-enabled/netguard-tls';
const MODERN_CIPHERS =
  'ssl_ciphers ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305;';

/** Debian's nginx.conf lines changed in place by nginx-modern-tls (indentation and comment kept). */
const NGINX_CONF_TLS = [
  '-\tssl_protocols TLSv1 TLSv1.1 TLSv1.2 TLSv1.3; # Dropping SSLv3, ref: POODLE',
  '-\tssl_prefer_server_ciphers on;',
  '+\tssl_protocols TLSv1.2 TLSv1.3; # Dropping SSLv3, ref: POODLE',
  '+\tssl_prefer_server_ciphers off;',
];

const SECURITY_HEADERS = [
  'add_header Strict-Transport-Security "max-age=31536000" always;',
  'add_header X-Content-Type-Options "nosniff" always;',
  'add_header X-Frame-Options "DENY" always;',
  'add_header Content-Security-Policy "frame-ancestors \'none\'" always;',
  'add_header Referrer-Policy "no-referrer" always;',
];

/** Runs `body` with the TLS site's server block setting `lines` too; puts the site back after. */
async function withServerBlock(lines: string[], body: () => Promise<unknown>) {
  const site = await root.readFile(TLS_SITE);
  await root.writeFile(
    TLS_SITE,
    site.content.replace('\troot ', `${lines.map((l) => `\t${l}\n`).join('')}\troot `),
  );
  host.run('service nginx reload');
  try {
    await body();
  } finally {
    await root.writeFile(TLS_SITE, site.content);
    host.run('service nginx reload');
  }
}

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

// Each case is a whole dry run, apply, verify and rollback on the namespace host: beside another
// test pass in CI one took over the 20 s default.
describe('nginx actions on a namespace host', { timeout: 60_000 }, () => {
  it('nginx-hide-version', async () => {
    await nginxCycle('nginx-hide-version', 'http-server-version', 80, ['server_tokens off;']);
  });

  it('nginx-security-headers', async () => {
    await nginxCycle('nginx-security-headers', 'http-security-headers', 80, SECURITY_HEADERS);
  });

  it('nginx-modern-tls: TLS 1.0 and 1.1 refused after, accepted again after the rollback', async () => {
    await remediationCycle({
      host,
      conn: root,
      actionId: 'nginx-modern-tls',
      checkId: 'tls-legacy-protocol',
      port: 443,
      portWhenFixed: 'open',
      // Debian's nginx.conf lines changed in place (indentation and comment kept), the TLS
      // site's own ssl_ciphers too (it overrides the http level), and the http level's added.
      changed: {
        '/etc/nginx/nginx.conf': NGINX_CONF_TLS,
        [TLS_SITE]: ['-\tssl_ciphers DEFAULT:@SECLEVEL=0;', `+\t${MODERN_CIPHERS}`],
        [HARDENING]: [`+${MODERN_CIPHERS}`],
      },
      paths: [HARDENING, '/etc/nginx/nginx.conf', TLS_SITE],
      executionId: 'nginx-modern-tls',
    });
  });

  it('nginx-hide-version: a server block’s own server_tokens on is changed where it takes effect', async () => {
    await withServerBlock(['server_tokens on;'], () =>
      remediationCycle({
        host,
        conn: root,
        actionId: 'nginx-hide-version',
        checkId: 'http-server-version',
        port: 443,
        portWhenFixed: 'open',
        changed: {
          [TLS_SITE]: ['-\tserver_tokens on;', '+\tserver_tokens off;'],
          [HARDENING]: ['+server_tokens off;'],
        },
        paths: [HARDENING, TLS_SITE],
        executionId: 'hide-server-block',
      }),
    );
  });

  it('nginx-security-headers: a server block with add_header of its own gets the headers too', async () => {
    // nginx gives a block with add_header lines none of the http level's: the headers added in
    // the hardening file alone would never reach port 443.
    await withServerBlock(['add_header X-Served-By "netguard-tls" always;'], () =>
      remediationCycle({
        host,
        conn: root,
        actionId: 'nginx-security-headers',
        checkId: 'http-security-headers',
        port: 443,
        portWhenFixed: 'open',
        changed: {
          [TLS_SITE]: SECURITY_HEADERS.map((l) => `+\t${l}`),
          [HARDENING]: SECURITY_HEADERS.map((l) => `+${l}`),
        },
        paths: [HARDENING, TLS_SITE],
        executionId: 'headers-server-block',
      }),
    );
  });

  it('nginx-modern-tls: a server block’s own ssl_protocols TLSv1 TLSv1.1 is changed too', async () => {
    await withServerBlock(['ssl_protocols TLSv1 TLSv1.1;'], () =>
      remediationCycle({
        host,
        conn: root,
        actionId: 'nginx-modern-tls',
        checkId: 'tls-legacy-protocol',
        port: 443,
        portWhenFixed: 'open',
        changed: {
          '/etc/nginx/nginx.conf': NGINX_CONF_TLS,
          [TLS_SITE]: [
            '-\tssl_ciphers DEFAULT:@SECLEVEL=0;',
            '-\tssl_protocols TLSv1 TLSv1.1;',
            `+\t${MODERN_CIPHERS}`,
            '+\tssl_protocols TLSv1.2 TLSv1.3;',
          ],
          [HARDENING]: [`+${MODERN_CIPHERS}`],
        },
        paths: [HARDENING, '/etc/nginx/nginx.conf', TLS_SITE],
        executionId: 'tls-server-block',
      }),
    );
  });

  it('an already broken configuration is refused in the dry run and the apply with nginx’s own words, nothing written', async () => {
    const broken = '/etc/nginx/conf.d/broken.conf';
    await root.writeFile(broken, 'no_such_directive on;\n');
    try {
      for (const run of [
        () => dryRunHost(root, actionById('nginx-hide-version'), {}, 'b1'),
        () => applyHost(root, actionById('nginx-hide-version'), {}, 'b2'),
      ]) {
        const error = await run().catch((e) => e);
        expect(error).toBeInstanceOf(RemediationError);
        expect(error.code).toBe('config_check_failed');
        expect(error.message).toMatch(
          /^nginx -t fails before any change, so nothing was changed: .*unknown directive "no_such_directive"/s,
        );
        expect(existsSync(host.outside(HARDENING))).toBe(false);
      }
    } finally {
      await root.exec(`rm -f ${broken}`);
    }
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
    // A site of the host's own that includes the hardening file (while it does not exist, the
    // glob matches nothing and nginx -t passes) inside a location, where ssl_ciphers is not
    // allowed: once the action writes it, nginx -t refuses the configuration.
    const stock = '/etc/nginx/sites-enabled/local-include';
    await root.writeFile(
      stock,
      'server {\n\tlisten 8081;\n\tlocation / { include /etc/nginx/conf.d/netguard-hardening.con[f]; }\n}\n',
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
      expect(
        error.log.find((l: { step: string; ok: boolean }) => l.step === '$ nginx -t' && !l.ok)
          .output,
      ).toMatch(/"ssl_ciphers" directive is not allowed here/);
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
