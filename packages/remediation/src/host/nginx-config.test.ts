import { describe, expect, it } from 'vitest';
import { applyToText } from '../apply.ts';
import { REMEDIATION_ACTIONS } from '../catalog/index.ts';
import { planHostAction } from '../plan.ts';
import { changedLines } from '../testing/remediation-cycle.ts';
import type { RemediationAction } from '../types.ts';
import { blocksSetting, directivesNamed, parseNginxDump, setAtHttpLevel } from './nginx-config.ts';

const HEADER_LINES = [
  'add_header Strict-Transport-Security "max-age=31536000" always;',
  'add_header X-Content-Type-Options "nosniff" always;',
  'add_header X-Frame-Options "DENY" always;',
  'add_header Content-Security-Policy "frame-ancestors \'none\'" always;',
  'add_header Referrer-Policy "no-referrer" always;',
];

// The shape of `nginx -T` on Debian: the main file, then each file in the order nginx read it.
const DUMP = `# configuration file /etc/nginx/nginx.conf:
user www-data;
events { worker_connections 768; }
http {
	ssl_protocols TLSv1 TLSv1.1 TLSv1.2 TLSv1.3; # Dropping SSLv3, ref: POODLE
	# server_tokens off;
	include /etc/nginx/conf.d/*.conf;
	include sites-enabled/*;
}

# configuration file /etc/nginx/conf.d/netguard-hardening.conf:
server_tokens off;

# configuration file /etc/nginx/sites-enabled/legacy:
server {
	listen 443 ssl;
	add_header X-Note "a { brace ; in quotes";
	ssl_protocols TLSv1 TLSv1.1;
	location /old { server_tokens on; }
	include snippets/tokens.conf;
}

# configuration file /etc/nginx/snippets/tokens.conf:
server_tokens on;
`;

describe('parseNginxDump', () => {
  const config = parseNginxDump(DUMP);

  it('keeps every file nginx read, as it read it', () => {
    expect([...config.files.keys()]).toEqual([
      '/etc/nginx/nginx.conf',
      '/etc/nginx/conf.d/netguard-hardening.conf',
      '/etc/nginx/sites-enabled/legacy',
      '/etc/nginx/snippets/tokens.conf',
    ]);
    expect(config.files.get('/etc/nginx/conf.d/netguard-hardening.conf')).toBe(
      'server_tokens off;\n',
    );
    expect(config.files.get('/etc/nginx/snippets/tokens.conf')).toBe('server_tokens on;\n');
  });

  it('finds each directive in its block, through includes (absolute and relative), not in comments or quotes', () => {
    const where = (name: string) =>
      directivesNamed(config, name).map(
        (d) => `${d.file}:${d.line} ${d.context.join('/')} ${d.args}`,
      );
    expect(where('server_tokens')).toEqual([
      '/etc/nginx/conf.d/netguard-hardening.conf:0 http off',
      '/etc/nginx/sites-enabled/legacy:4 http/server/location on',
      '/etc/nginx/snippets/tokens.conf:0 http/server on',
    ]);
    expect(where('ssl_protocols')).toEqual([
      '/etc/nginx/nginx.conf:3 http TLSv1 TLSv1.1 TLSv1.2 TLSv1.3',
      '/etc/nginx/sites-enabled/legacy:3 http/server TLSv1 TLSv1.1',
    ]);
    expect(where('listen')).toEqual(['/etc/nginx/sites-enabled/legacy:1 http/server 443 ssl']);
    // worker_connections sits in events, outside http: it takes no part in a site.
    expect(where('worker_connections')).toEqual([]);
  });

  it('tells a key set at the http level from one set only in server blocks', () => {
    expect(setAtHttpLevel(config, 'server_tokens')).toBe(true);
    expect(setAtHttpLevel(config, 'ssl_protocols')).toBe(true);
    expect(
      setAtHttpLevel(parseNginxDump(DUMP.replace('\nserver_tokens off;\n', '\n')), 'server_tokens'),
    ).toBe(false);
  });
});

describe('set-directive', () => {
  const text =
    '\tlocation /old { server_tokens on; autoindex on; }\n\tssl_protocols TLSv1; # old\n';

  it('changes only the directive of the line, keeping the rest of it', () => {
    expect(
      applyToText(text, [
        { kind: 'set-directive', file: 'f', line: 0, key: 'server_tokens', value: 'off' },
        {
          kind: 'set-directive',
          file: 'f',
          line: 1,
          key: 'ssl_protocols',
          value: 'TLSv1.2 TLSv1.3',
        },
      ]),
    ).toBe(
      '\tlocation /old { server_tokens off; autoindex on; }\n\tssl_protocols TLSv1.2 TLSv1.3; # old\n',
    );
  });

  it('refuses a line that no longer sets the key', () => {
    expect(() =>
      applyToText(text, [
        { kind: 'set-directive', file: 'f', line: 1, key: 'server_tokens', value: 'off' },
      ]),
    ).toThrow('line 2 of f no longer sets server_tokens');
  });
});

describe('nginx-security-headers where nginx sends them from', () => {
  // A server with add_header of its own (through a snippet, too), a location with its own, and a
  // server with none, which inherits the http level's.
  const dump = `# configuration file /etc/nginx/nginx.conf:
http {
	include /etc/nginx/conf.d/*.conf;
	include sites-enabled/*;
}

# configuration file /etc/nginx/sites-enabled/app:
server {
	listen 443 ssl;
	add_header X-Served-By "app" always;
	location /api {
		add_header Cache-Control "no-store";
		add_header X-Frame-Options "SAMEORIGIN";
	}
	location /static { root /srv; }
	include snippets/more-headers.conf;
}
server {
	listen 8080;
}

# configuration file /etc/nginx/snippets/more-headers.conf:
add_header X-Robots-Tag "none";
`;
  const action = REMEDIATION_ACTIONS.find((a) => a.id === 'nginx-security-headers');
  const config = parseNginxDump(dump);

  it('groups add_header by the block nginx sees, an included snippet in its including block', () => {
    expect(
      blocksSetting(config, 'add_header').map((own) => own.map((d) => `${d.file}:${d.line}`)),
    ).toEqual([
      ['/etc/nginx/sites-enabled/app:2', '/etc/nginx/snippets/more-headers.conf:0'],
      ['/etc/nginx/sites-enabled/app:4', '/etc/nginx/sites-enabled/app:5'],
    ]);
  });

  it('adds each missing header after the last add_header of each such block, and at the http level', async () => {
    const plan = await planHostAction(
      action as RemediationAction,
      {},
      async (path) => config.files.get(path) ?? '',
      { nginx: config },
    );
    const changed = Object.fromEntries(plan.files.map((f) => [f.path, changedLines(f.diff)]));
    const headers = (indent: string, without?: string) =>
      HEADER_LINES.filter((l) => !without || !l.includes(without)).map((l) => `+${indent}${l}`);
    expect(changed).toEqual({
      // The location already sends its own X-Frame-Options: it is kept, not doubled.
      '/etc/nginx/sites-enabled/app': headers('\t\t', 'X-Frame-Options'),
      '/etc/nginx/snippets/more-headers.conf': headers(''),
      '/etc/nginx/conf.d/netguard-hardening.conf': headers(''),
    });
    expect(plan.files.find((f) => f.path === '/etc/nginx/sites-enabled/app')?.after).toContain(
      '\t\tadd_header X-Frame-Options "SAMEORIGIN";\n\t\tadd_header Strict-Transport-Security',
    );
  });
});
