// Evidence requests (issue 34): an auditor asks for evidence for one requirement with a message;
// an admin closes the request, fulfilled by an evidence item (an upload) or a collection run, or
// declined with a reason.
import { z } from 'zod';
import { COMPLIANCE_FRAMEWORK_IDS, ZComplianceFrameworkId, ZRequirementId } from './evidence.ts';
import { textField } from './text-field.ts';

export const EVIDENCE_REQUEST_STATUSES = ['open', 'fulfilled', 'declined'] as const;
export type TEvidenceRequestStatus = (typeof EVIDENCE_REQUEST_STATUSES)[number];

export const REQUEST_TEXT = {
  notFound: 'Evidence request not found',
  alreadyClosed: (status: string) => `This evidence request is already ${status}`,
  fulfilledBy: 'A fulfilled request names the evidence item or the collection run that fulfils it',
  evidenceNotForRequirement: (ref: string) => `That evidence does not serve ${ref}`,
  runNotCompleted: 'Only a completed collection run fulfils a request',
  runNotForFramework: (framework: string) => `That collection run did not collect ${framework}`,
} as const;

export const ZEvidenceRequestCreate = z.object({
  frameworkId: ZComplianceFrameworkId,
  requirementId: ZRequirementId,
  message: textField()
    .trim()
    .min(1, 'Say what evidence you need')
    .max(2000, 'The message is too long (2000 characters at most)'),
});
export type TEvidenceRequestCreate = z.infer<typeof ZEvidenceRequestCreate>;

export const ZEvidenceRequestClose = z.discriminatedUnion(
  'outcome',
  [
    z
      .object({
        outcome: z.literal('fulfilled'),
        evidenceId: z.uuid('Invalid evidence id').optional(),
        runId: z.uuid('Invalid run id').optional(),
      })
      .refine((b) => (b.evidenceId === undefined) !== (b.runId === undefined), {
        message: REQUEST_TEXT.fulfilledBy,
        path: ['evidenceId'],
      }),
    z.object({
      outcome: z.literal('declined'),
      reason: textField()
        .trim()
        .min(1, 'Give the reason for declining')
        .max(1000, 'The reason is too long (1000 characters at most)'),
    }),
  ],
  { message: 'outcome must be fulfilled or declined' },
);
export type TEvidenceRequestClose = z.infer<typeof ZEvidenceRequestClose>;

export const ZEvidenceRequestIdParams = z.object({ id: z.uuid('Invalid request id') });
export const ZEvidenceRequestListQuery = z.object({
  status: z
    .enum(EVIDENCE_REQUEST_STATUSES, {
      message: `status must be one of ${EVIDENCE_REQUEST_STATUSES.join(', ')}`,
    })
    .optional(),
});

export const ZEvidenceRequest = z.object({
  id: z.uuid(),
  frameworkId: z.enum(COMPLIANCE_FRAMEWORK_IDS),
  requirementId: z.string(),
  message: z.string(),
  status: z.enum(EVIDENCE_REQUEST_STATUSES),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  reason: z.string().nullable(),
  evidenceId: z.uuid().nullable(),
  runId: z.uuid().nullable(),
});
export type TEvidenceRequest = z.infer<typeof ZEvidenceRequest>;
export const ZEvidenceRequestList = z.object({ requests: z.array(ZEvidenceRequest) });
export type TEvidenceRequestList = z.infer<typeof ZEvidenceRequestList>;
