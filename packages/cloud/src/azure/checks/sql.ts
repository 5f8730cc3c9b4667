// Azure SQL servers: firewall rules open to everyone or to all of Azure, auditing and TLS. A server
// with public network access disabled ignores its firewall rules, so they are not findings there.
import type { FirewallRule } from '@azure/arm-sql';
import { AZURE_AUDIT_RETENTION_DAYS } from '../../catalog/azure-data.ts';
import type { CheckFn, Draft } from '../../shared/run-scan.ts';
import type { AzureData, SqlServerState } from '../collect.ts';
import { armDraft } from './draft.ts';

const MODERN_TLS = new Set(['1.2', '1.3']);

const draft = (
  { server }: SqlServerState,
  detail: string,
  evidence: Record<string, unknown>,
): Draft => ({
  ...armDraft(server, detail, evidence),
  // A server with public network access disabled answers only on its private endpoints.
  ...(server.fullyQualifiedDomainName && server.publicNetworkAccess !== 'Disabled'
    ? { publicAddresses: [server.fullyQualifiedDomainName] }
    : {}),
});

function firewallCheck(matches: (rule: FirewallRule) => boolean, what: string): CheckFn<AzureData> {
  return (data) =>
    data.servers.flatMap((state) => {
      if (state.server.publicNetworkAccess === 'Disabled') return [];
      const rules = (state.firewallRules ?? []).filter(matches);
      if (!rules.length) return [];
      const names = rules
        .map((r) => `${r.name} (${r.startIpAddress}-${r.endIpAddress})`)
        .join(', ');
      return [
        draft(state, `SQL server ${state.server.name} firewall rule ${names} allows ${what}.`, {
          rules: rules.map((r) => ({ name: r.name, start: r.startIpAddress, end: r.endIpAddress })),
        }),
      ];
    });
}

export const sqlChecks: Record<string, CheckFn<AzureData>> = {
  azure_sql_firewall_open: firewallCheck(
    (r) => r.startIpAddress === '0.0.0.0' && r.endIpAddress === '255.255.255.255',
    'the whole internet',
  ),
  azure_sql_firewall_azure_services: firewallCheck(
    (r) => r.startIpAddress === '0.0.0.0' && r.endIpAddress === '0.0.0.0',
    'every Azure-hosted client',
  ),
  azure_sql_auditing_off: (data) =>
    data.servers
      .filter((s) => s.auditingState === 'Disabled')
      .map((s) =>
        draft(s, `SQL server ${s.server.name} has auditing disabled.`, { auditing: 'Disabled' }),
      ),
  azure_sql_tls_below_12: (data) =>
    data.servers
      .filter((s) => !MODERN_TLS.has(s.server.minimalTlsVersion ?? ''))
      .map((s) =>
        draft(s, `SQL server ${s.server.name} accepts TLS below 1.2.`, {
          minimalTlsVersion: s.server.minimalTlsVersion ?? null,
        }),
      ),
  azure_sql_no_entra_admin: (data) =>
    data.servers
      .filter((s) => !s.server.administrators?.login)
      .map((s) =>
        draft(s, `SQL server ${s.server.name} has no Microsoft Entra administrator.`, {
          administratorType: s.server.administrators?.administratorType ?? null,
        }),
      ),
  azure_sql_audit_retention_short: (data) =>
    data.servers
      .filter(
        (s) =>
          s.auditingState === 'Enabled' &&
          (s.auditingRetentionDays ?? 0) > 0 &&
          (s.auditingRetentionDays ?? 0) < AZURE_AUDIT_RETENTION_DAYS,
      )
      .map((s) =>
        draft(s, `SQL server ${s.server.name} keeps audit logs ${s.auditingRetentionDays} days.`, {
          retentionDays: s.auditingRetentionDays,
        }),
      ),
};
