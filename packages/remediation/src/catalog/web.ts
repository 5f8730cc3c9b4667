// Host actions on web servers (nginx and Apache as Debian installs them) and packages.
import { blocksSetting, directivesNamed, setAtHttpLevel } from '../host/nginx-config.ts';
import { type HostFacts, need, type Operation, type RemediationAction } from '../types.ts';

const NGINX_HARDENING = '/etc/nginx/conf.d/netguard-hardening.conf';
const NGINX_CONF = '/etc/nginx/nginx.conf';
const NGINX_MODERN_CIPHERS =
  'ssl_ciphers ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305;';
const NGINX_PREREQUISITES = [
  'nginx includes /etc/nginx/conf.d/*.conf',
  'nginx -t passes before the change',
  'sudo for the connection user',
];
const nginxReload: Operation = { kind: 'reload-service', service: 'nginx', check: 'nginx -t' };
const APACHE_SECURITY = '/etc/apache2/conf-available/security.conf';
const apacheReload: Operation = {
  kind: 'reload-service',
  service: 'apache2',
  check: 'apache2ctl configtest',
};

/**
 * `key value;` wherever nginx takes it from. With the host's effective configuration (nginx -T)
 * every block that sets the key has its own line changed in place (a server block's
 * `server_tokens on;` overrides the http level), and the http level gets `atHttp` unless it sets
 * the key already; without it (a script rendered offline) only `atHttp`.
 */
function nginxDirective(key: string, value: string, atHttp: Operation, host?: HostFacts) {
  if (!host?.nginx) return [atHttp];
  const inPlace = directivesNamed(host.nginx, key)
    .filter((d) => d.args !== value)
    .map((d): Operation => ({ kind: 'set-directive', file: d.file, line: d.line, key, value }));
  return setAtHttpLevel(host.nginx, key) ? inPlace : [...inPlace, atHttp];
}

/** The header an `add_header Name "value" always;` line sets, in lower case. */
const headerOf = (line: string) => (/^add_header\s+(\S+)/.exec(line)?.[1] ?? '').toLowerCase();

/**
 * The headers wherever nginx sends them from. A block with add_header lines of its own inherits
 * none from the level above, so each such block (server, location, if) gets the headers it lacks
 * after its last add_header line; the http level gets them in `atHttp` for every other block.
 */
function nginxHeaders(lines: string[], atHttp: (line: string) => Operation, host?: HostFacts) {
  const blocks = host?.nginx ? blocksSetting(host.nginx, 'add_header') : [];
  const inBlocks = blocks.flatMap((own) => {
    const has = new Set(own.map((d) => headerOf(`add_header ${d.args}`)));
    const last = own.at(-1) as NonNullable<(typeof own)[number]>;
    return lines
      .filter((line) => !has.has(headerOf(line)))
      .map((line): Operation => ({ kind: 'insert-line', file: last.file, after: last.line, line }));
  });
  return [...inBlocks, ...lines.map(atHttp)];
}

/** The key and value of a one-directive line: `server_tokens off;` → ['server_tokens', 'off']. */
const keyValue = (line: string) => {
  const [key = '', ...rest] = line.replace(/;$/, '').split(' ');
  return [key, rest.join(' ')] as const;
};

const nginx = (
  id: string,
  name: string,
  fixes: string[],
  lines: string[],
  minutes: number,
): RemediationAction => ({
  id,
  name,
  description: lines.every((l) => l.startsWith('add_header'))
    ? `Adds to ${NGINX_HARDENING} (included in the http block), and to every server or location block with add_header lines of its own (nginx gives such a block none of the http level's), as nginx -T shows them: ${lines.join(' ')}`
    : `Sets ${lines.join(' ')} in every block that sets it (server blocks included, as nginx -T shows them) and at the http level (${NGINX_HARDENING}, unless the http block sets it already).`,
  type: 'configuration',
  automationLevel: 'fully_automated',
  riskLevel: 'low',
  estimatedMinutes: minutes,
  fixes,
  prerequisites: NGINX_PREREQUISITES,
  steps: [
    'Read the effective configuration (nginx -T)',
    ...lines.map((l) => `Set "${l}" where it takes effect`),
    'Check with nginx -t, then reload nginx',
  ],
  rollbackPlan: ['Restore every file it changed as captured (or remove it)', 'Reload nginx'],
  validationChecks: fixes,
  coversEveryPort: true,
  reads: ['nginx-config'],
  operations: (_params, host) => {
    const add = (line: string): Operation => ({ kind: 'ensure-line', file: NGINX_HARDENING, line });
    const headers = lines.filter((l) => l.startsWith('add_header'));
    const directives = lines.filter((l) => !l.startsWith('add_header'));
    return [
      ...(headers.length ? nginxHeaders(headers, add, host) : []),
      ...directives.flatMap((line) => nginxDirective(...keyValue(line), add(line), host)),
      nginxReload,
    ];
  },
});

export const WEB_ACTIONS: RemediationAction[] = [
  {
    id: 'nginx-modern-tls',
    name: 'nginx: TLS 1.2 and 1.3 only, strong ciphers',
    description: `Sets ssl_protocols TLSv1.2 TLSv1.3, ssl_prefer_server_ciphers off and ${NGINX_MODERN_CIPHERS} in every block that sets them (server blocks included, as nginx -T shows them) and at the http level (where nginx.conf sets them, as Debian ships it, else ${NGINX_HARDENING}).`,
    type: 'configuration',
    automationLevel: 'fully_automated',
    riskLevel: 'low',
    estimatedMinutes: 20,
    fixes: ['tls-legacy-protocol', 'tls-weak-cipher'],
    prerequisites: NGINX_PREREQUISITES,
    steps: [
      'Read the effective configuration (nginx -T)',
      'Set ssl_protocols TLSv1.2 TLSv1.3 in every block that sets it, and at the http level',
      'Set ssl_prefer_server_ciphers off in every block that sets it, and at the http level',
      `Set "${NGINX_MODERN_CIPHERS}" in every block that sets ssl_ciphers, and at the http level`,
      'Check with nginx -t, then reload nginx',
    ],
    rollbackPlan: ['Restore every file it changed as captured', 'Reload nginx'],
    validationChecks: ['tls-legacy-protocol', 'tls-weak-cipher'],
    coversEveryPort: true,
    reads: ['nginx-config'],
    operations: (_params, host) => [
      ...nginxDirective(
        'ssl_protocols',
        'TLSv1.2 TLSv1.3',
        {
          kind: 'set-option',
          file: NGINX_CONF,
          key: 'ssl_protocols',
          value: 'TLSv1.2 TLSv1.3;',
          syntax: 'space',
        },
        host,
      ),
      ...nginxDirective(
        'ssl_prefer_server_ciphers',
        'off',
        {
          kind: 'set-option',
          file: NGINX_CONF,
          key: 'ssl_prefer_server_ciphers',
          value: 'off;',
          syntax: 'space',
        },
        host,
      ),
      ...nginxDirective(
        ...keyValue(NGINX_MODERN_CIPHERS),
        { kind: 'ensure-line', file: NGINX_HARDENING, line: NGINX_MODERN_CIPHERS },
        host,
      ),
      nginxReload,
    ],
  },
  nginx(
    'nginx-security-headers',
    'nginx: security headers',
    ['http-security-headers'],
    [
      'add_header Strict-Transport-Security "max-age=31536000" always;',
      'add_header X-Content-Type-Options "nosniff" always;',
      'add_header X-Frame-Options "DENY" always;',
      'add_header Content-Security-Policy "frame-ancestors \'none\'" always;',
      'add_header Referrer-Policy "no-referrer" always;',
    ],
    20,
  ),
  nginx(
    'nginx-hide-version',
    'nginx: hide the version',
    ['http-server-version'],
    ['server_tokens off;'],
    5,
  ),
  {
    id: 'apache-hide-version',
    name: 'Apache: hide the version',
    description: 'Sets ServerTokens Prod and ServerSignature Off in the security configuration.',
    type: 'configuration',
    automationLevel: 'fully_automated',
    riskLevel: 'low',
    estimatedMinutes: 5,
    fixes: ['http-server-version'],
    prerequisites: ['conf-enabled/security.conf enabled (Debian default)'],
    steps: ['Set ServerTokens Prod', 'Set ServerSignature Off', 'Check and reload apache2'],
    rollbackPlan: ['Restore the captured security.conf', 'Reload apache2'],
    validationChecks: ['http-server-version'],
    coversEveryPort: true,
    operations: () => [
      {
        kind: 'set-option',
        file: APACHE_SECURITY,
        key: 'ServerTokens',
        value: 'Prod',
        syntax: 'space',
      },
      {
        kind: 'set-option',
        file: APACHE_SECURITY,
        key: 'ServerSignature',
        value: 'Off',
        syntax: 'space',
      },
      apacheReload,
    ],
  },
  {
    id: 'apache-modern-tls',
    name: 'Apache: TLS 1.2 and 1.3 only',
    description: 'Sets SSLProtocol -all +TLSv1.2 +TLSv1.3 in mod_ssl’s configuration.',
    type: 'configuration',
    automationLevel: 'fully_automated',
    riskLevel: 'low',
    estimatedMinutes: 15,
    fixes: ['tls-legacy-protocol'],
    prerequisites: ['mod_ssl enabled'],
    steps: ['Set SSLProtocol', 'Check and reload apache2'],
    rollbackPlan: ['Restore the captured ssl.conf', 'Reload apache2'],
    validationChecks: ['tls-legacy-protocol'],
    coversEveryPort: true,
    operations: () => [
      {
        kind: 'set-option',
        file: '/etc/apache2/mods-available/ssl.conf',
        key: 'SSLProtocol',
        value: '-all +TLSv1.2 +TLSv1.3',
        syntax: 'space',
      },
      apacheReload,
    ],
  },
  {
    id: 'remove-exposed-files',
    name: 'Remove exposed /.git and /.env',
    description: 'Removes the repository and environment files the web server serves.',
    type: 'configuration',
    automationLevel: 'semi_automated',
    riskLevel: 'medium',
    estimatedMinutes: 10,
    fixes: ['http-exposed-files'],
    prerequisites: ['The web root of the site is known', 'The files are not needed at run time'],
    steps: ['Remove <web root>/.git', 'Remove <web root>/.env'],
    rollbackPlan: ['Restore both from the captured copy'],
    validationChecks: ['http-exposed-files'],
    operations: (params) => {
      const root = need(params, 'webRoot').replace(/\/+$/, '');
      return [
        { kind: 'remove-path', path: `${root}/.git` },
        { kind: 'remove-path', path: `${root}/.env` },
      ];
    },
  },
  {
    id: 'upgrade-package',
    name: 'Upgrade the vulnerable package',
    description: 'Upgrades the package named by the finding to the version the repositories offer.',
    type: 'patch',
    automationLevel: 'semi_automated',
    riskLevel: 'medium',
    estimatedMinutes: 30,
    fixes: ['vulnerable-version', 'ssh-outdated-version'],
    prerequisites: ['The repositories carry a fixed version', 'A maintenance window'],
    steps: ['Refresh the package lists', 'Upgrade only this package', 'Restart its service'],
    rollbackPlan: ['Install the captured version again (apt-get install name=version)'],
    validationChecks: ['vulnerable-version', 'ssh-outdated-version'],
    operations: (params) => [
      { kind: 'upgrade-package', name: need(params, 'package'), manager: 'apt' },
    ],
  },
];
