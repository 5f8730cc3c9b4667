// Automated remediation (spec part 2 "Automated Remediation page", §3, §7, §8; issue 21): the
// action catalogue's fields, the execution state machine, what the API takes.
import { z } from 'zod';
import { isIPv4 } from './ipv4.ts';
import { VULN_SEVERITIES } from './security-events.ts';
import { isHostname } from './targets.ts';
import { textField } from './text-field.ts';

/** Texts of the page and its toasts (spec §8). */
export const REMEDIATION_TEXT = {
  title: 'Automated Remediation',
  configureWorkflows: 'Configure Workflows',
  started: 'Remediation Started',
  startedDescription: 'Automated remediation process has been initiated',
  loadFailed: 'Failed to load remediation data',
  startFailed: 'Failed to start remediation process',
  denied: 'Insufficient permissions for remediation',
  adminsOnly: 'Only administrators can change remediation hosts, workflows and policy',
  notFound: 'Remediation execution not found',
  hostNotFound: 'Remediation host not found',
  workflowNotFound: 'Remediation workflow not found',
  actionNotFound: 'Unknown remediation action',
  vulnerabilityNotFound: 'Vulnerability not found',
} as const;

export const REMEDIATION_ACTION_TYPES = ['patch', 'network', 'configuration', 'cloud'] as const;
export const AUTOMATION_LEVELS = ['fully_automated', 'semi_automated', 'manual_guided'] as const;
export const REMEDIATION_RISK_LEVELS = ['low', 'medium', 'high'] as const;

/**
 * The states of an execution. proposed (dry run computed) → approved → dry_run (read again just
 * before applying: a host that changed since approval stops here) → executing → applied →
 * verifying → verified | failed_verification; rolling_back → rolled_back from any state after an
 * apply; failed when a step could not be done (nothing left changed); cancelled before it ran;
 * dry_run_completed: a dry-run-only execution whose dry run is computed (it is never applied).
 */
export const EXECUTION_STATUSES = [
  'proposed',
  'approved',
  'dry_run',
  'executing',
  'applied',
  'verifying',
  'verified',
  'failed_verification',
  'rolling_back',
  'rolled_back',
  'failed',
  'cancelled',
  'dry_run_completed',
] as const;
export type TExecutionStatus = (typeof EXECUTION_STATUSES)[number];
/** A job is working on it (or will, after a killed worker): one such execution per host at a time. */
export const ACTIVE_EXECUTION_STATUSES = [
  'approved',
  'dry_run',
  'executing',
  'applied',
  'verifying',
  'rolling_back',
] as const satisfies readonly TExecutionStatus[];
/** Ended: counted by Success Rate. */
export const FINISHED_EXECUTION_STATUSES = [
  'verified',
  'failed_verification',
  'rolled_back',
  'failed',
] as const satisfies readonly TExecutionStatus[];
/** After an apply: a rollback can put the captured state back. */
export const ROLLBACK_FROM_STATUSES = [
  'applied',
  'verifying',
  'verified',
  'failed_verification',
  'failed',
] as const satisfies readonly TExecutionStatus[];

/** §3 remediation action, as the catalogue holds it. */
export const ZRemediationAction = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(REMEDIATION_ACTION_TYPES),
  automationLevel: z.enum(AUTOMATION_LEVELS),
  riskLevel: z.enum(REMEDIATION_RISK_LEVELS),
  /** Minutes. */
  estimatedTime: z.number().int(),
  prerequisites: z.array(z.string()),
  steps: z.array(z.string()),
  rollbackPlan: z.array(z.string()),
  validationChecks: z.array(z.string()),
  /** The check ids whose findings it fixes. */
  fixes: z.array(z.string()),
  /** Cloud actions: the provider API calls it makes. */
  apiCalls: z.array(z.string()),
});
export type TRemediationAction = z.infer<typeof ZRemediationAction>;

const flag = z
  .enum(['true', 'false'], { message: 'Must be true or false' })
  .transform((v) => v === 'true');

/** get-remediation-actions {vulnerabilityId, includeAutomated, includeManual}. */
export const ZRemediationActionsQuery = z.object({
  vulnerabilityId: z.uuid('vulnerabilityId must be a UUID').optional(),
  includeAutomated: flag.default(true),
  includeManual: flag.default(true),
});
export const ZRemediationActionList = z.object({ actions: z.array(ZRemediationAction) });

/** execute-remediation {vulnerabilityId, actionId, options (dryRun, autoApprove)}. */
export const ZExecuteRemediation = z.object({
  vulnerabilityId: z.uuid('vulnerabilityId must be a UUID'),
  actionId: textField().min(1, 'Choose an action').max(100),
  options: z
    .object({
      /** Only compute and show the dry run; it is never applied. */
      dryRun: z.boolean().default(false),
      /** Approve at once: fully automated actions only, when the organization's policy allows. */
      autoApprove: z.boolean().default(false),
    })
    .default({ dryRun: false, autoApprove: false }),
  /** Values the finding does not carry: the web root of exposed files, the package to upgrade. */
  parameters: z
    .object({
      webRoot: textField()
        .max(300)
        .regex(/^\/[\w./-]*$/, 'The web root is an absolute path')
        .refine((v) => !v.split('/').includes('..'), 'The web root is an absolute path')
        .optional(),
      package: textField()
        .max(100)
        .regex(/^[a-z0-9][a-z0-9+.-]*$/, 'A package name has lower-case letters, digits and + . -')
        .optional(),
    })
    .default({}),
});
export type TExecuteRemediation = z.input<typeof ZExecuteRemediation>;

export const ZApproveExecution = z.object({
  /** High-risk actions: the execution's target typed out, as a person's acknowledgement. */
  acknowledgement: textField().max(300).optional(),
});

export const ZExecutionIdParams = z.object({ id: z.uuid('Invalid execution id') });
export const ZRemediationIdParams = z.object({ id: z.uuid('Invalid id') });

/** get-remediation-history {filters}. */
export const ZRemediationHistoryQuery = z.object({
  status: z.enum(['all', ...EXECUTION_STATUSES]).default('all'),
  actionId: textField().max(100).optional(),
  target: textField().max(300).optional(),
  vulnerabilityId: z.uuid('vulnerabilityId must be a UUID').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type TRemediationHistoryQuery = z.input<typeof ZRemediationHistoryQuery>;

const address = textField()
  .trim()
  .min(1, 'Enter the host address')
  .max(253, 'The address is too long')
  .refine((v) => isIPv4(v) || isHostname(v), 'Enter an IPv4 address or a host name');

/** OpenSSH's fingerprint form: SHA256:<43 base64 characters>. */
export const ZHostKeySha256 = textField().regex(
  /^SHA256:[A-Za-z0-9+/]{43}$/,
  'A host key fingerprint looks like SHA256: and 43 characters',
);

/** An SSH connection to a host the organization remediates. Secrets are stored encrypted. */
export const ZRemediationHostCreate = z.object({
  name: textField().trim().min(1, 'Enter a name').max(100, 'The name is too long'),
  address,
  port: z.number().int().min(1, 'Port 1-65535').max(65535, 'Port 1-65535').default(22),
  username: textField().trim().min(1, 'Enter the SSH user').max(64, 'The user name is too long'),
  auth: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('key'),
      privateKey: textField()
        .min(1, 'Paste the private key')
        .max(20_000, 'The key is too long')
        .refine((v) => v.includes('PRIVATE KEY'), 'Paste an OpenSSH or PEM private key'),
      passphrase: textField().max(1000).optional(),
    }),
    z.object({
      type: z.literal('password'),
      password: textField().min(1, 'Enter the password').max(1000),
    }),
  ]),
  /** sudo: commands that change the host run through sudo (with the password when one is set). */
  privilege: z.enum(['none', 'sudo']).default('sudo'),
  /**
   * Pin a key the person knows now; otherwise Test Connection shows the key the host presents and
   * a person confirms it (ZConfirmHostKey) before the host is used.
   */
  hostKeySha256: ZHostKeySha256.optional(),
});
export type TRemediationHostCreate = z.input<typeof ZRemediationHostCreate>;

export const ZRemediationHost = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  port: z.number().int(),
  username: z.string(),
  authType: z.enum(['key', 'password']),
  privilege: z.enum(['none', 'sudo']),
  /** The pinned (confirmed) key: every connection must present it. Null until confirmed. */
  hostKeySha256: z.string().nullable(),
  /** The key the last connection saw, shown for a person to confirm while none is pinned. */
  seenHostKeySha256: z.string().nullable(),
  /** A person confirmed (or gave) the key: only then does the host run executions. */
  hostKeyConfirmed: z.boolean(),
  lastConnectedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type TRemediationHost = z.infer<typeof ZRemediationHost>;
export const ZRemediationHostList = z.object({ hosts: z.array(ZRemediationHost) });

export const ZHostTestResult = z.object({
  ok: z.boolean(),
  message: z.string(),
  /** The key the host presented (null when the connection failed before it). */
  hostKeySha256: z.string().nullable(),
  /** That key is the pinned one; false: it waits for a person to confirm it. */
  hostKeyConfirmed: z.boolean(),
});

/** Confirms the host key Test Connection showed: the fingerprint the person compared. */
export const ZConfirmHostKey = z.object({ hostKeySha256: ZHostKeySha256 });
export type TConfirmHostKey = z.infer<typeof ZConfirmHostKey>;
export type THostTestResult = z.infer<typeof ZHostTestResult>;

/** What happens to a change the check does not confirm: put back (the default) or left applied. */
export const FAILED_VERIFICATION_POLICIES = ['roll_back', 'keep'] as const;
export type TFailedVerificationPolicy = (typeof FAILED_VERIFICATION_POLICIES)[number];

/**
 * Four eyes: from which risk level the person who proposed an execution may not approve it too
 * (off; high-risk actions; medium- and high-risk actions).
 */
export const FOUR_EYES_LEVELS = ['off', 'high', 'medium'] as const;
export type TFourEyesLevel = (typeof FOUR_EYES_LEVELS)[number];

/** Whether the policy's four eyes cover an action of `risk`. */
export const needsSecondApprover = (
  fourEyes: TFourEyesLevel,
  risk: (typeof REMEDIATION_RISK_LEVELS)[number],
) => (fourEyes === 'high' ? risk === 'high' : fourEyes === 'medium' ? risk !== 'low' : false);

/** The organization's approval policy. */
export const ZRemediationPolicy = z.object({
  /** Security analysts may approve (admins always may). */
  analystsMayApprove: z.boolean().default(false),
  /** autoApprove is honoured for fully automated actions. */
  allowAutoApprove: z.boolean().default(false),
  /** Blast radius: at most this many hosts changed per batch run. */
  maxHostsPerRun: z.number().int().min(1).max(100).default(5),
  /** A change that failed verification is rolled back at once, or kept applied for a person. */
  onFailedVerification: z
    .enum(FAILED_VERIFICATION_POLICIES, { error: 'onFailedVerification must be roll_back or keep' })
    .default('roll_back'),
  /** Actions of this risk level or higher need a second person: the proposer may not approve. */
  fourEyes: z
    .enum(FOUR_EYES_LEVELS, { error: 'fourEyes must be off, high or medium' })
    .default('off'),
});
export type TRemediationPolicy = z.infer<typeof ZRemediationPolicy>;

/** A workflow: which open findings it proposes remediation for, how soon, and who approves. */
export const ZRemediationWorkflowTemplate = z.object({
  name: textField().trim().min(1, 'Enter a name').max(100, 'The name is too long'),
  enabled: z.boolean().default(true),
  trigger: z.object({
    severities: z
      .array(z.enum(VULN_SEVERITIES))
      .min(1, 'Choose at least one severity')
      .max(VULN_SEVERITIES.length),
    /** Only findings whose CVE is in CISA's Known Exploited Vulnerabilities catalogue. */
    kevOnly: z.boolean().default(false),
  }),
  /** Propose within this many hours of the finding's first sighting. */
  proposeWithinHours: z.number().int().min(1).max(720).default(24),
  requireApproval: z.boolean().default(true),
});
export type TRemediationWorkflowTemplate = z.input<typeof ZRemediationWorkflowTemplate>;

/** PATCH of a workflow: the fields given replace the stored ones. */
export const ZRemediationWorkflowPatch = z
  .object({
    name: ZRemediationWorkflowTemplate.shape.name,
    enabled: z.boolean(),
    trigger: ZRemediationWorkflowTemplate.shape.trigger,
    proposeWithinHours: z.number().int().min(1).max(720),
    requireApproval: z.boolean(),
  })
  .partial();
export type TRemediationWorkflowPatch = z.infer<typeof ZRemediationWorkflowPatch>;

/** create-remediation-workflow {template}. */
export const ZRemediationWorkflowCreate = z.object({ template: ZRemediationWorkflowTemplate });

export const ZRemediationWorkflow = ZRemediationWorkflowTemplate.extend({
  id: z.string(),
  proposedCount: z.number().int(),
  lastRunAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TRemediationWorkflow = z.infer<typeof ZRemediationWorkflow>;
export const ZRemediationWorkflowList = z.object({ workflows: z.array(ZRemediationWorkflow) });

/** Starting points offered by Configure Workflows. */
export const REMEDIATION_WORKFLOW_TEMPLATES: TRemediationWorkflowTemplate[] = [
  {
    name: 'Critical + KEV: propose within 1 h, require approval',
    trigger: { severities: ['critical'], kevOnly: true },
    proposeWithinHours: 1,
    requireApproval: true,
  },
  {
    name: 'High and critical: propose within 24 h, require approval',
    trigger: { severities: ['critical', 'high'], kevOnly: false },
    proposeWithinHours: 24,
    requireApproval: true,
  },
];

/** schedule-batch-remediation {vulnerabilities, actionTemplates, scheduleTime}. */
export const ZScheduleBatch = z.object({
  vulnerabilities: z
    .array(z.uuid('Each vulnerability must be a UUID'))
    .min(1, 'Choose at least one vulnerability')
    .max(500, 'At most 500 vulnerabilities per batch'),
  /** Action ids to use, in order of preference; empty: the best action of each finding. */
  actionTemplates: z.array(textField().max(100)).max(50).default([]),
  scheduleTime: z.iso.datetime({ message: 'scheduleTime must be an ISO date and time' }),
  /** The window closes this many minutes after scheduleTime; what has not run is cancelled. */
  windowMinutes: z
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(120),
  /** Blast radius of this batch; default the policy's. */
  maxHostsPerRun: z.number().int().min(1).max(100).optional(),
  stopOnFailure: z.boolean().default(true),
  /** Needed when the batch holds a high-risk action: the word APPLY typed out. */
  acknowledgement: textField().max(300).optional(),
});
export type TScheduleBatch = z.input<typeof ZScheduleBatch>;

/** validate-remediation-plan {vulnerabilityId, actionId, checkPrerequisites, simulateDryRun}. */
export const ZValidatePlan = z.object({
  vulnerabilityId: z.uuid('vulnerabilityId must be a UUID'),
  actionId: textField().min(1, 'Choose an action').max(100),
  checkPrerequisites: z.boolean().default(true),
  simulateDryRun: z.boolean().default(false),
});
export type TValidatePlan = z.input<typeof ZValidatePlan>;

/** Export of the verification evidence (auditors): every re-run of a check, with its execution. */
export const ZRemediationEvidenceQuery = z.object({
  format: z.enum(['jsonl', 'csv'], { error: 'format must be jsonl or csv' }).default('jsonl'),
});
