import type {
  TBatch,
  TExecution,
  TRemediationAction,
  TRemediationOverview,
} from '@netguard/contracts';

/** Builds a catalogue action as the API answers it, for the feature's unit tests. */
export const remediationAction = (
  overrides: Partial<TRemediationAction> = {},
): TRemediationAction => ({
  id: 'ssh-disable-root-login',
  name: 'Disable SSH root login',
  description: 'Sets PermitRootLogin no and reloads sshd.',
  type: 'configuration',
  automationLevel: 'fully_automated',
  riskLevel: 'low',
  estimatedTime: 5,
  prerequisites: ['A user other than root can log in with sudo'],
  steps: ['Back up sshd_config', 'Set PermitRootLogin no', 'sshd -t', 'Reload sshd'],
  rollbackPlan: ['Restore the backed-up sshd_config', 'Reload sshd'],
  validationChecks: ['sshd -T shows permitrootlogin no'],
  fixes: ['ssh-root-login'],
  apiCalls: [],
  ...overrides,
});

/** Builds an execution as the API answers it. */
export const execution = (overrides: Partial<TExecution> = {}): TExecution => ({
  id: '00000000-0000-4000-8000-0000000000e1',
  vulnerabilityId: '00000000-0000-4000-8000-0000000000a1',
  vulnerabilityTitle: 'SSH permits root login',
  checkId: 'ssh-root-login',
  actionId: 'ssh-disable-root-login',
  actionName: 'Disable SSH root login',
  riskLevel: 'low',
  automationLevel: 'fully_automated',
  target: '192.0.2.5:22',
  hostId: null,
  status: 'proposed',
  dryRunOnly: false,
  rollbackRequested: false,
  people: {},
  dryRun: {
    changes: true,
    diffs: [
      {
        target: '/etc/ssh/sshd_config',
        diff: '--- a/etc/ssh/sshd_config\n+++ b/etc/ssh/sshd_config\n@@ -1 +1 @@\n-PermitRootLogin yes\n+PermitRootLogin no\n',
      },
    ],
    script: "sed -i 's/^PermitRootLogin yes/PermitRootLogin no/' /etc/ssh/sshd_config",
    log: [],
  },
  steps: [],
  verification: null,
  rollbackVerification: null,
  failedVerificationAction: null,
  transitions: [{ at: '2026-11-27T10:00:00.000Z', status: 'proposed', by: 'ana', note: null }],
  error: null,
  requestedBy: 'ana',
  approvedBy: null,
  autoApproved: false,
  needsAcknowledgement: false,
  needsSecondApprover: false,
  batchId: null,
  workflowId: null,
  estimatedTime: 5,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

export const overview = (overrides: Partial<TRemediationOverview> = {}): TRemediationOverview => ({
  summary: {
    active: 2,
    successRate: 87.5,
    timeSavedMinutes: 200,
    autoFixed: 6,
    finished: 8,
    verified: 7,
  },
  active: [],
  policy: {
    analystsMayApprove: false,
    allowAutoApprove: false,
    maxHostsPerRun: 5,
    onFailedVerification: 'roll_back',
    fourEyes: 'off',
  },
  ...overrides,
});

/** Builds a batch as the API answers it. */
export const batch = (overrides: Partial<TBatch> = {}): TBatch => ({
  id: '00000000-0000-4000-8000-0000000000b1',
  status: 'running',
  scheduleTime: '2026-11-27T10:05:00.000Z',
  windowEndsAt: '2026-11-27T12:05:00.000Z',
  maxHostsPerRun: 3,
  stopOnFailure: true,
  executions: 4,
  verified: 2,
  failed: 1,
  awaitingApproval: 0,
  skipped: [],
  error: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...overrides,
});
