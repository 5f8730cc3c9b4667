// A remediation action as data (issue 21): what it is, how risky, and the operations it applies
// to a host. The renderers turn the operations into a shell script and an Ansible playbook; the
// dry run applies them to the files read from the host and shows the diff.

import type {
  AUTOMATION_LEVELS,
  REMEDIATION_ACTION_TYPES,
  REMEDIATION_RISK_LEVELS,
} from '@netguard/contracts';
import type { NginxConfig } from './host/nginx-config.ts';

/** One change on a host. */
export type Operation =
  /** `key value` (sshd, vsftpd `key=value`, redis, memcached options file) set in a config file. */
  | {
      kind: 'set-option';
      file: string;
      key: string;
      value: string;
      /** How the file writes an option: `key value` or `key=value`. */
      syntax: 'space' | 'equals';
    }
  /**
   * An nginx directive given `value` on the line where nginx read it (`line` from 0), e.g. a
   * server block's own `server_tokens on;`: only that directive of the line changes.
   */
  | { kind: 'set-directive'; file: string; line: number; key: string; value: string }
  /**
   * A line inserted after line `after` (from 0, as read) with that line's indentation, e.g. an
   * add_header beside a server block's own add_header lines.
   */
  | { kind: 'insert-line'; file: string; after: number; line: string }
  /** A line present in a file (added at the end when missing), e.g. an nginx directive. */
  | { kind: 'ensure-line'; file: string; line: string; after?: string }
  /** A path removed from a web root (`/.git`, `/.env`). */
  | { kind: 'remove-path'; path: string }
  /** An nftables rule dropping new inbound connections to a port, in its own table. */
  | { kind: 'nft-drop'; port: number; protocol: 'tcp' | 'udp' }
  /** A package upgraded to the repository's version. */
  | { kind: 'upgrade-package'; name: string; manager: 'apt' | 'dnf' }
  /** A service reloaded (or restarted) after its configuration changed, checked first. */
  | { kind: 'reload-service'; service: string; check?: string; restart?: boolean };

export type RemediationAction = {
  id: string;
  name: string;
  description: string;
  type: (typeof REMEDIATION_ACTION_TYPES)[number];
  automationLevel: (typeof AUTOMATION_LEVELS)[number];
  riskLevel: (typeof REMEDIATION_RISK_LEVELS)[number];
  /** Minutes a person would take by hand (Time Saved counts it for verified automated runs). */
  estimatedMinutes: number;
  /** The check ids whose findings it fixes (engine checks, cloud checks). */
  fixes: string[];
  prerequisites: string[];
  steps: string[];
  rollbackPlan: string[];
  /** The checks re-run to verify: by default the ones it fixes. */
  validationChecks: string[];
  /**
   * Host actions: the operations for a finding's values (none for cloud actions). With the host's
   * facts (read over SSH before planning) they change a setting where it takes effect; without
   * them (a script rendered offline) where the distribution's defaults put it.
   */
  operations: (params: ActionParams, host?: HostFacts) => Operation[];
  /**
   * Host actions that change a server's whole configuration (nginx, Apache): the fix acts on
   * every port the server listens on, so it is verified on every port of the host where the
   * same check reported the finding, and is verified only when all are fixed.
   */
  coversEveryPort?: boolean;
  /** What the host executor reads before planning, for `host`. */
  reads?: 'nginx-config'[];
  /** Cloud actions: the provider API calls it makes, named as the provider's API names them. */
  apiCalls?: string[];
};

/** What the host executor read of the host for an action that `reads` it. */
export type HostFacts = { nginx?: NginxConfig };

/** Values a finding gives an action's operations. */
export type ActionParams = { port?: number; webRoot?: string; package?: string };

/** Thrown when a finding lacks a value the action needs (its port, web root or package). */
export class MissingParameter extends Error {
  override name = 'MissingParameter';
}

export function need<K extends keyof ActionParams>(
  params: ActionParams,
  key: K,
): NonNullable<ActionParams[K]> {
  const value = params[key];
  if (value === undefined || value === '')
    throw new MissingParameter(`the finding names no ${key}, which this action needs`);
  return value as NonNullable<ActionParams[K]>;
}
