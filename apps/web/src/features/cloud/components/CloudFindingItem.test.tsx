import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cloudFinding } from '@/features/cloud/cloud-test-data';
import { CloudFindingItem } from './CloudFindingItem';

describe('CloudFindingItem', () => {
  it("names the framework controls of the finding's check", () => {
    const frameworks = {
      soc2: ['CC6.1', 'CC6.6'],
      iso27001: ['A.8.20'],
      nist_csf: [],
      hipaa: [],
      gdpr: ['Art. 32'],
    };
    const html = renderToStaticMarkup(<CloudFindingItem finding={cloudFinding({ frameworks })} />);
    expect(html).toContain('SOC 2 CC6.1, CC6.6; ISO 27001 A.8.20; GDPR Art. 32');
  });

  it('shows the assessed risk score once the finding is assessed', () => {
    expect(
      renderToStaticMarkup(<CloudFindingItem finding={cloudFinding({ riskScore: 60 })} />),
    ).toContain('Risk Score: 60');
    expect(renderToStaticMarkup(<CloudFindingItem finding={cloudFinding()} />)).not.toContain(
      'Risk Score',
    );
  });

  it('says nothing of frameworks for a check that maps to none', () => {
    const none = { soc2: [], iso27001: [], nist_csf: [], hipaa: [], gdpr: [] };
    const html = renderToStaticMarkup(
      <CloudFindingItem finding={cloudFinding({ frameworks: none })} />,
    );
    expect(html).not.toContain('cloud-finding-frameworks');
  });
});
