import type { TRole } from '@netguard/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EvidenceExport } from '@/features/remediation/components/EvidenceExport';
import { remediationReasons } from '@/features/remediation/remediation-permissions';

function exportButton(role: TRole) {
  const reason = remediationReasons(role, { analystsMayApprove: true }).export;
  const html = renderToStaticMarkup(<EvidenceExport reason={reason} />);
  const button = /<button[^>]*data-testid="export-evidence"[^>]*>/.exec(html)?.[0];
  if (!button) throw new Error('no Export Evidence button');
  return button;
}

describe('EvidenceExport', () => {
  it('lets admins and auditors download the evidence', () => {
    expect(exportButton('auditor')).not.toContain('aria-disabled');
    expect(exportButton('admin')).not.toContain('aria-disabled');
  });

  it('is off for analysts and viewers', () => {
    expect(exportButton('security_analyst')).toContain('aria-disabled="true"');
    expect(exportButton('viewer')).toContain('aria-disabled="true"');
  });
});
