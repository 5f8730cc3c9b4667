// The system test page's health probes (issue 35): figures measured live on request, each with the
// time it was measured; a figure that could not be measured says why instead of a number.
import { z } from 'zod';

/** One health figure: measured (its value and how long the measurement took) or not, and why. */
function figure<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('status', [
    z.object({
      status: z.literal('measured'),
      measured_at: z.iso.datetime(),
      took_ms: z.number(),
      value,
    }),
    z.object({
      status: z.literal('unmeasured'),
      measured_at: z.iso.datetime(),
      reason: z.string(),
    }),
  ]);
}

export const ZHealthTableRows = z.array(z.object({ table: z.string(), rows: z.number().int() }));

export const ZHealthQueue = z.object({
  /** Jobs whose start time has come and that no worker has taken yet. */
  depth: z.number().int(),
  /** Jobs created for a later start (retries after a delay, scheduled work). */
  scheduled: z.number().int(),
  /** How long the oldest of the waiting jobs has waited; null when none waits. */
  oldest_wait_ms: z.number().nullable(),
  queues: z.array(z.object({ name: z.string(), depth: z.number().int() })),
});

export const ZHealthRoundTrip = z.object({
  delivered: z.boolean(),
  round_trip_ms: z.number(),
  detail: z.string(),
});

export const ZHealthMail = z.object({
  transport: z.enum(['smtp', 'outbox']),
  ok: z.boolean(),
  detail: z.string(),
});

export const ZHealthDisk = z.object({
  path: z.string(),
  free_bytes: z.number(),
  total_bytes: z.number(),
});

/** GET /api/selftest/health: organization figures for every reader, deployment ones for operators. */
export const ZSystemHealth = z.object({
  measured_at: z.iso.datetime(),
  /** Whether the caller is a deployment operator and so sees the deployment-wide figures. */
  deployment_operator: z.boolean(),
  organization_rows: figure(ZHealthTableRows),
  realtime: figure(ZHealthRoundTrip),
  mail: figure(ZHealthMail),
  /** Deployment-wide figures: null unless the caller is a deployment operator. */
  deployment: z
    .object({
      rows: figure(ZHealthTableRows),
      queue: figure(ZHealthQueue),
      disk: figure(ZHealthDisk),
    })
    .nullable(),
});
export type TSystemHealth = z.infer<typeof ZSystemHealth>;
export type THealthFigure<T> =
  | { status: 'measured'; measured_at: string; took_ms: number; value: T }
  | { status: 'unmeasured'; measured_at: string; reason: string };

export const HEALTH_TEXT = {
  organizationRows: 'Rows of your organization',
  deploymentOnly:
    'Deployment figures (job queue, free disk of the data folder, rows of every organization) are shown to deployment operators.',
} as const;
