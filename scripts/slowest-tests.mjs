// Prints the slowest test files of the last Vitest run (its JSON report, artifacts/vitest-report.json
// unless a path is given): `npm run test:slowest`, and the last lines of `.ci/run`.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const path = process.argv[2] ?? 'artifacts/vitest-report.json';
const count = Number(process.argv[3] ?? 20);
let report;
try {
  report = JSON.parse(readFileSync(path, 'utf8'));
} catch (error) {
  console.error(
    `test:slowest: no Vitest report at ${path} (run npm run test:unit first): ${error.message}`,
  );
  process.exit(1);
}
const files = report.testResults
  .map((file) => ({
    name: relative(process.cwd(), file.name),
    seconds: (file.endTime - file.startTime) / 1000,
    tests: file.assertionResults.length,
  }))
  .sort((a, b) => b.seconds - a.seconds);
const total = files.reduce((sum, f) => sum + f.seconds, 0);
console.log(
  `${count} slowest of ${files.length} test files (${total.toFixed(0)} s in all, summed over workers):`,
);
for (const f of files.slice(0, count))
  console.log(
    `${f.seconds.toFixed(1).padStart(7)} s  ${String(f.tests).padStart(4)} tests  ${f.name}`,
  );
