import {
  overallFigureText,
  COMPLIANCE_STANDING_TEXT as T,
  type TComplianceStanding,
} from '@netguard/contracts';
import { type Doc, paragraph, table } from './reports.pdf-layout.ts';

const percentOr = (score: number | null) => (score === null ? T.notAssessed : `${score}%`);

/**
 * The compliance evidence module's framework statuses as a table (the Security Center's report
 * and the Compliance report): each score with the requirement counts it comes from.
 */
export function standingSection(doc: Doc, s: TComplianceStanding): void {
  if (!s.available) {
    paragraph(doc, `${T.enterpriseOnly}. ${T.enterpriseOnlyDetail}`);
    return;
  }
  paragraph(doc, `Overall: ${percentOr(s.overallScore)}. ${overallFigureText(s)}.`);
  table(
    doc,
    [
      { header: 'Framework', width: 0.22 },
      { header: 'Score', width: 0.13 },
      { header: 'Compliant', width: 0.13 },
      { header: 'Partial', width: 0.1 },
      { header: 'Non-compliant', width: 0.14 },
      { header: 'Not assessed', width: 0.14 },
      { header: 'N/A', width: 0.14 },
    ],
    s.frameworks.map((f) => [
      f.name,
      percentOr(f.score),
      `${f.statusCounts.compliant}`,
      `${f.statusCounts.partially_compliant}`,
      `${f.statusCounts.non_compliant}`,
      `${f.statusCounts.not_assessed}`,
      `${f.statusCounts.not_applicable}`,
    ]),
  );
}
