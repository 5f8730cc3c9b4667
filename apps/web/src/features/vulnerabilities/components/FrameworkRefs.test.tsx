import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FrameworkRefs } from './FrameworkRefs';

describe('FrameworkRefs', () => {
  it("lists each framework that names controls, with the check's control ids", () => {
    const html = renderToStaticMarkup(
      <FrameworkRefs
        refs={{
          soc2: ['CC6.1', 'CC6.6'],
          iso27001: ['A.8.20'],
          nist_csf: [],
          hipaa: ['164.312(e)(1)'],
          gdpr: ['Art. 32'],
        }}
      />,
    );
    expect(html).toContain('Compliance frameworks');
    expect(html).toContain('<dt class="font-medium">SOC 2</dt>');
    expect(html).toContain('CC6.1, CC6.6');
    expect(html).toContain('ISO 27001');
    expect(html).toContain('164.312(e)(1)');
    expect(html).toContain('Art. 32');
    expect(html).not.toContain('NIST CSF');
  });

  it('shows nothing for a finding without framework references (a network finding)', () => {
    expect(renderToStaticMarkup(<FrameworkRefs refs={null} />)).toBe('');
  });
});
