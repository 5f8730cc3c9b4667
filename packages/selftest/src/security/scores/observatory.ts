// An MDN HTTP Observatory-style score: 100 to start, the modifiers the header, cookie, CORS and
// redirect tests recorded, bonuses counted only when the score without them is at least 90.
import type { TestResult } from '../../model.ts';

export type Modifier = { rule: string; modifier: number; testId: string };

const GRADES: [number, string][] = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
];

export const observatoryGrade = (score: number) => GRADES.find(([min]) => score >= min)?.[1] ?? 'F';

export function modifiersOf(results: readonly TestResult[]): Modifier[] {
  return results.flatMap((r) =>
    (r.outcome?.evidence ?? [])
      .filter((e) => e.kind === 'score-modifier' && e.data?.scale === 'observatory')
      .map((e) => ({
        rule: String(e.data?.rule),
        modifier: Number(e.data?.modifier),
        testId: r.testId,
      })),
  );
}

export function observatoryScore(modifiers: readonly Modifier[]) {
  const penalties = modifiers.filter((m) => m.modifier < 0).reduce((s, m) => s + m.modifier, 0);
  const bonuses = modifiers.filter((m) => m.modifier > 0).reduce((s, m) => s + m.modifier, 0);
  const base = Math.max(0, 100 + penalties);
  const score = base >= 90 ? base + bonuses : base;
  return { score, grade: observatoryGrade(score), modifiers: [...modifiers] };
}
