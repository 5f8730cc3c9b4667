// The deployment itself: backups written by `netguard backup`, secrets sealed at rest, TLS in
// front of the server, and the egress and scan deny lists in force.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { BUILT_IN_DENY_V4 } from '@netguard/contracts';
import { sql } from 'drizzle-orm';
import { rows } from './query.ts';
import { type Collector, DAY_MS, refs } from './types.ts';

export const backups: Collector = {
  id: 'backups',
  version: '1.0.0',
  type: 'backup_record',
  title: 'Database backups present (netguard backup)',
  coverage: 'automated',
  validDays: 7,
  requirements: refs(
    'soc2:A1.2',
    'iso27001:A.8.13',
    'nist:PR.DS-11',
    'hipaa:164.308(a)(7)(ii)(A)',
    'hipaa:164.310(d)(2)(iv)',
  ),
  async collect({ now, deployment }) {
    const names = await readdir(deployment.backupDir).catch(() => [] as string[]);
    const files = [];
    for (const name of names.filter((n) => /^netguard-.*\.sql(\.gz)?$/.test(n))) {
      const s = await stat(path.join(deployment.backupDir, name)).catch(() => null);
      if (s?.isFile() && s.size > 0) files.push({ name, size: s.size, at: s.mtime });
    }
    files.sort((a, b) => b.at.getTime() - a.at.getTime());
    const last = files[0];
    const ageDays = last ? (now.getTime() - last.at.getTime()) / DAY_MS : null;
    return {
      outcome:
        ageDays === null
          ? 'not_satisfied'
          : ageDays <= 1.5
            ? 'satisfied'
            : ageDays <= 7
              ? 'partial'
              : 'not_satisfied',
      observedAt: last?.at ?? now,
      summary: last
        ? `${files.length} backups in ${deployment.backupDir}; the newest, ${last.name} (${last.size} bytes), is ${Math.round((ageDays ?? 0) * 10) / 10} days old`
        : `No backup in ${deployment.backupDir}`,
      metadata: {
        count: files.length,
        newest: last ? { name: last.name, size: last.size, at: last.at.toISOString() } : null,
      },
    };
  },
};

/** AES-256-GCM as sealed here: base64url of a 12-byte IV, a 16-byte tag and the ciphertext. */
const looksSealed = (value: string) =>
  /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length > 28;

export const secretsEncrypted: Collector = {
  id: 'secrets_encrypted',
  version: '1.0.0',
  type: 'encryption_at_rest',
  title: 'Stored credentials sealed at rest',
  coverage: 'automated',
  validDays: 30,
  requirements: refs(
    'soc2:CC6.1',
    'soc2:C1.1',
    'iso27001:A.8.24',
    'nist:PR.DS-01',
    'hipaa:164.312(a)(2)(iv)',
    'gdpr:Art. 32',
  ),
  async collect({ db, organizationId, now }) {
    const list = await rows<{ kind: string; value: string }>(
      db,
      sql`select 'cloud connection' as kind, sealed_credentials as value from cloud_connections where organization_id = ${organizationId}
          union all select 'SIEM integration', sealed_credentials from siem_integrations where organization_id = ${organizationId} and sealed_credentials is not null
          union all select 'remediation host', sealed_credentials from remediation_hosts where organization_id = ${organizationId}
          union all select 'SSO client secret', oidc_client_secret_enc from sso_configs where organization_id = ${organizationId} and oidc_client_secret_enc is not null
          union all select 'MFA secret', m.secret_enc from user_mfa_settings m join user_roles r on r.user_id = m.user_id
            where r.organization_id = ${organizationId} and m.secret_enc is not null
          union all select 'evidence signing key', sealed_private_key from evidence_keys where organization_id = ${organizationId}`,
    );
    const plain = list.filter((r) => !looksSealed(r.value));
    const kinds = [...new Set(list.map((r) => r.kind))];
    return {
      outcome: plain.length === 0 ? 'satisfied' : 'not_satisfied',
      observedAt: now,
      summary: `${list.length - plain.length} of ${list.length} stored secrets sealed with AES-256-GCM (${kinds.join(', ') || 'none stored'})`,
      metadata: { secrets: list.length, notSealed: plain.map((r) => r.kind), kinds },
    };
  },
};

export const deploymentTls: Collector = {
  id: 'deployment_tls',
  version: '1.0.0',
  type: 'transport_encryption',
  title: 'The deployment is served over TLS',
  coverage: 'automated',
  validDays: 30,
  requirements: refs(
    'soc2:CC6.7',
    'iso27001:A.8.24',
    'nist:PR.DS-02',
    'hipaa:164.312(e)(1)',
    'hipaa:164.312(e)(2)(ii)',
  ),
  async collect({ now, deployment }) {
    const url = new URL(deployment.publicUrl);
    const tls = url.protocol === 'https:';
    return {
      outcome: tls ? 'satisfied' : 'not_satisfied',
      observedAt: now,
      summary: `The public URL ${url.origin} is ${tls ? 'HTTPS' : 'plain HTTP'}`,
      metadata: { publicUrl: url.origin, tls },
    };
  },
};

export const egressPolicy: Collector = {
  id: 'egress_policy',
  version: '1.0.0',
  type: 'network_boundary',
  title: 'Deny list and egress policy in force',
  coverage: 'automated',
  validDays: 30,
  requirements: refs('soc2:CC6.6', 'iso27001:A.8.20', 'iso27001:A.8.22', 'nist:PR.IR-01'),
  async collect({ now, deployment }) {
    const openEgress = deployment.egress.allowedRanges.some(
      (r) => r === '0.0.0.0/0' || r === '::/0',
    );
    const openScans = deployment.scans.allowedRanges.some((r) => r === '0.0.0.0/0' || r === '::/0');
    return {
      outcome: openEgress ? 'partial' : 'satisfied',
      observedAt: now,
      summary: `Built-in deny list of ${BUILT_IN_DENY_V4.length} IPv4 ranges (cloud metadata included); operator allows ${deployment.egress.allowedRanges.length} and denies ${deployment.egress.deniedRanges.length} egress ranges; scans allow ${deployment.scans.allowedRanges.length || 'any non-denied'} and deny ${deployment.scans.deniedRanges.length} ranges`,
      metadata: {
        builtInDeny: BUILT_IN_DENY_V4.map((d) => d.cidr),
        egressAllowed: [...deployment.egress.allowedRanges],
        egressDenied: [...deployment.egress.deniedRanges],
        scanAllowed: [...deployment.scans.allowedRanges],
        scanDenied: [...deployment.scans.deniedRanges],
        allowsEverything: openEgress || openScans,
      },
    };
  },
};
