// Cloud SQL database flags that CIS and Prowler's frameworks check, as data: one check per flag,
// built from SQL_FLAGS so each text names its engine, flag and safe value.
import { frameworks } from '../shared/frameworks.ts';
import type { CheckMeta, Severity } from '../types.ts';

export type SqlFlag = {
  /** The check id's tail, e.g. `mysql_local_infile_on`. */
  key: string;
  /** databaseVersion prefix: MYSQL, POSTGRES or SQLSERVER. */
  engine: 'MYSQL' | 'POSTGRES' | 'SQLSERVER';
  engineName: string;
  flag: string;
  safe: 'on' | 'off';
  /** Whether the engine's default (flag not set) is the safe value. */
  unsetIsSafe: boolean;
  severity: Severity;
  risk: string;
  kind: 'logging' | 'secureConfiguration';
};

export const SQL_FLAGS: SqlFlag[] = [
  {
    key: 'mysql_local_infile_on',
    engine: 'MYSQL',
    engineName: 'MySQL',
    flag: 'local_infile',
    safe: 'off',
    unsetIsSafe: false,
    severity: 'medium',
    risk: 'LOAD DATA LOCAL lets a compromised or malicious server read files from the client, and an injected query load attacker data.',
    kind: 'secureConfiguration',
  },
  {
    key: 'mysql_skip_show_database_off',
    engine: 'MYSQL',
    engineName: 'MySQL',
    flag: 'skip_show_database',
    safe: 'on',
    unsetIsSafe: false,
    severity: 'low',
    risk: 'Any user can list every database on the instance, which helps an attacker choose targets.',
    kind: 'secureConfiguration',
  },
  {
    key: 'postgres_log_connections_off',
    engine: 'POSTGRES',
    engineName: 'PostgreSQL',
    flag: 'log_connections',
    safe: 'on',
    unsetIsSafe: false,
    severity: 'medium',
    risk: 'Connection attempts leave no log, so brute force and unexpected clients go unnoticed.',
    kind: 'logging',
  },
  {
    key: 'postgres_log_disconnections_off',
    engine: 'POSTGRES',
    engineName: 'PostgreSQL',
    flag: 'log_disconnections',
    safe: 'on',
    unsetIsSafe: false,
    severity: 'medium',
    risk: 'Session ends and durations leave no log, so an investigation cannot tell how long a session lasted.',
    kind: 'logging',
  },
  {
    key: 'sqlserver_cross_db_ownership_on',
    engine: 'SQLSERVER',
    engineName: 'SQL Server',
    flag: 'cross db ownership chaining',
    safe: 'off',
    unsetIsSafe: true,
    severity: 'medium',
    risk: 'A user who owns one database can reach objects in others through ownership chains.',
    kind: 'secureConfiguration',
  },
  {
    key: 'sqlserver_contained_db_auth_on',
    engine: 'SQLSERVER',
    engineName: 'SQL Server',
    flag: 'contained database authentication',
    safe: 'off',
    unsetIsSafe: true,
    severity: 'medium',
    risk: 'Contained database users authenticate inside the database, outside the instance login policy and audits.',
    kind: 'secureConfiguration',
  },
];

export const GCP_SQL_FLAG_PREFIX = 'gcp_sql';

const flagMeta = (f: SqlFlag): CheckMeta => ({
  id: `${GCP_SQL_FLAG_PREFIX}_${f.key}`,
  provider: 'gcp',
  service: 'sqladmin',
  resourceType: 'cloudsql_instance',
  title: `Cloud SQL ${f.engineName} flag ${f.flag} is not ${f.safe}`,
  severity: f.severity,
  description: `The ${f.engineName} instance does not set the database flag ${f.flag} to ${f.safe}${f.unsetIsSafe ? '' : ' (the default is not safe)'}.`,
  risk: f.risk,
  remediation: `Set the database flag ${f.flag} to ${f.safe} on the instance.`,
  cli: `gcloud sql instances patch <instance> --database-flags="${f.flag}=${f.safe}"`,
  frameworks: frameworks(f.kind),
});

/** One check per database flag. */
export const sqlFlagChecks: CheckMeta[] = SQL_FLAGS.map(flagMeta);
