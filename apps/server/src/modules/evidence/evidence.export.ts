// Export Evidence Package: packages/evidence's ZIP over the organization's evidence (a framework
// or all), its files, the whole ledger, the digest chain (extended and stored), the public key,
// OSCAL findings from the current assessment, linked to the previous export, stamped by the
// configured RFC 3161 authority when there is one (evidence.timestamp.ts). Audited.

import type { TExportEvidencePackage } from '@netguard/contracts';
import {
  buildPackage,
  type FrameworkId,
  type PackageAttachment,
  type RequirementFinding,
  validateEvidence,
} from '@netguard/evidence';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { evidenceExports, evidenceFiles } from '../../db/schema.ts';
import type { Sealer } from '../../lib/sealed-secrets.ts';
import { insertSecurityEvent, type RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { ALL_FRAMEWORKS, assessFramework, loadEvidence } from './evidence.assess.ts';
import { grantsOf } from './evidence.auditor-views.ts';
import { type AuditorScope, itemInScope } from './evidence.grants.ts';
import { ensureKey, lockKey } from './evidence.keys.ts';
import { readDigests, readLedger, storeDigests } from './evidence.ledger.ts';
import type { Timestamper } from './evidence.timestamp.ts';

export function createEvidenceExport(deps: {
  db: Executor;
  sealer: Sealer;
  timestamp: Timestamper;
}) {
  const { db, sealer } = deps;
  return {
    async export(
      auth: AuthContext,
      body: TExportEvidencePackage,
      meta: RequestMeta,
      scope: AuditorScope = null,
    ) {
      const org = auth.organizationId;
      await ensureKey(db, sealer, org);
      return db.transaction(async (tx) => {
        const key = await lockKey(tx, sealer, org);
        const now = new Date();
        const evidence = await loadEvidence(tx, org);
        const frameworks: readonly FrameworkId[] = body.frameworkId
          ? [body.frameworkId]
          : ALL_FRAMEWORKS;
        const findings: RequirementFinding[] = frameworks.flatMap((f) =>
          assessFramework(evidence, f, now).requirements.map((r) => ({
            requirement: { framework: f, id: r.id },
            assessment: r.assessment,
          })),
        );
        const includeExpired = body.options?.includeExpired ?? false;
        const items = evidence.items.filter(
          (i) =>
            (!body.frameworkId || i.requirements.some((r) => r.framework === body.frameworkId)) &&
            (includeExpired || validateEvidence(i, now).status !== 'expired') &&
            itemInScope(scope, {
              requirementIds: i.requirements.map((r) => `${r.framework}:${r.id}`),
              observedAt: new Date(i.observedAt),
            }),
        );
        const ids = new Set(items.filter((i) => i.attachments.length).map((i) => i.id));
        const files = ids.size
          ? (
              await tx.select().from(evidenceFiles).where(eq(evidenceFiles.organizationId, org))
            ).filter((f) => ids.has(f.evidenceId))
          : [];
        const attachments: PackageAttachment[] = files.map((f) => ({
          evidenceId: f.evidenceId,
          name: f.name,
          data: f.data,
        }));
        const digests = await readDigests(tx, org);
        const [previous] = await tx
          .select()
          .from(evidenceExports)
          .where(and(eq(evidenceExports.organizationId, org)))
          .orderBy(desc(evidenceExports.createdAt))
          .limit(1);
        const built = buildPackage({
          organizationId: org,
          createdAt: now.toISOString(),
          key,
          evidence: items,
          attachments,
          ledger: await readLedger(tx, org),
          digests,
          findings,
          ...(previous
            ? {
                previous: {
                  manifestSha256: previous.manifestSha256,
                  createdAt: previous.packageCreatedAt,
                  lastDigestSignature: previous.lastDigestSignature,
                },
              }
            : {}),
        });
        const { zip, stamp } = await deps.timestamp(built.zip);
        // The digest the package added is the chain's next: stored, so later ones follow it.
        await storeDigests(tx, org, built.digests.slice(digests.length), digests.length + 1, null);
        await tx.insert(evidenceExports).values({
          organizationId: org,
          frameworkId: body.frameworkId ?? null,
          manifestSha256: built.manifestSha256,
          lastDigestSignature: built.digests.at(-1)?.signature ?? '',
          packageCreatedAt: now.toISOString(),
          size: zip.length,
          createdBy: auth.userId,
        });
        await insertSecurityEvent(
          tx,
          {
            userId: auth.userId,
            organizationId: org,
            eventType: 'data_access',
            severity: 'low',
            description: `Evidence package exported (${body.frameworkId ?? 'all frameworks'}, ${items.length} items, manifest ${built.manifestSha256})`,
            metadata: {
              action: 'evidence_package_exported',
              frameworkId: body.frameworkId ?? null,
              items: items.length,
              manifestSha256: built.manifestSha256,
              bytes: zip.length,
              timestamp: stamp,
              // An auditor's export is also their view (one event): the grants it was read under.
              role: auth.role,
              grants: grantsOf(scope, body.frameworkId),
            },
          },
          meta,
        );
        const fileTime = now.toISOString().replace(/[:.]/g, '-');
        return {
          filename: `netguard-evidence-${body.frameworkId ?? 'all'}-${fileTime}.zip`,
          zip,
          manifestSha256: built.manifestSha256,
          stamp,
        };
      });
    },
  };
}
