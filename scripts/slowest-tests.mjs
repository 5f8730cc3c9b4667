// Prints the slowest test files of the last Vitest run (its JSON report, artifacts/vitest-report.json
// unless a path is given): `npm run test:slowest`, and the last lines of `.ci/run`. With --save it
// also writes the files' durations to scripts/testing/durations.json, which the test sequencer
// reads to start the longest files first (scripts/testing/sequencer.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative, sep } from 'node:path';

const args = process.argv.slice(2).filter((a) => a !== '--save');
const save = args.length !== process.argv.length - 2;
const path = args[0] ?? 'artifacts/vitest-report.json';
const count = Number(args[1] ?? 20);
let report;
try {
  report = JSON.parse(readFileSync(path, 'utf8'));
} catch (error) {
  console.error(
    `test:slowest: no Vitest report at ${path} (run npm run test:unit first): ${error.message}`,
  );
  process.exit(1);
}
/**
 * A test file's path in this checkout. A report of another clone (a fresh-clone CI run) names its
 * own absolute paths: the shortest tail of the path that is a file here is the same test file.
 */
function nameHere(file) {
  const name = relative(process.cwd(), file);
  if (!name.startsWith('..')) return name;
  const parts = file.split(sep);
  for (let i = parts.length - 1; i > 0; i--) {
    const tail = parts.slice(i).join(sep);
    if (existsSync(tail) && /\.test\.tsx?$/.test(tail)) return tail;
  }
  return name;
}

const files = report.testResults
  .map((file) => ({
    name: nameHere(file.name),
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
if (save) {
  // Files of a second or more, in whole seconds: the rest run in any order at the end.
  const durations = Object.fromEntries(
    files
      .filter((f) => f.seconds >= 1)
      .map((f) => [f.name, Math.round(f.seconds)])
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  writeFileSync('scripts/testing/durations.json', `${JSON.stringify(durations, null, 2)}\n`);
  console.log(
    `test:slowest: saved ${Object.keys(durations).length} durations to scripts/testing/durations.json`,
  );
}
