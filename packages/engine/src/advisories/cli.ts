import { parseArgs } from 'node:util';
import { type ImportResult, importAdvisories } from './import.ts';
import { bundledAdvisories, defaultAdvisoriesPath } from './store.ts';

export const ADVISORIES_USAGE = `Usage: netguard-scan advisories import [--nvd <file|url>]... [--kev <file|url>] [--epss <file|url>]
         [--osv <file|url|dir>]... [--vulnrichment <file|url|dir>]... [options]

Imports NVD CVE API 2.0 JSON, the CISA KEV catalog JSON, the FIRST EPSS CSV (plain or .gz),
distribution advisories in the OSV format and CISA Vulnrichment SSVC entries into the advisories
file that scans load on top of the bundled rule set.

Options:
      --nvd <file|url>     NVD CVE API 2.0 response; repeat for several pages
      --kev <file|url>     CISA known_exploited_vulnerabilities.json
      --epss <file|url>    FIRST EPSS scores CSV
      --osv <file|url|dir> OSV records (Debian, Ubuntu, Alpine, Red Hat, AlmaLinux, Rocky): one
                           record, an array, an ecosystem's all.zip or a folder; repeatable
      --vulnrichment <file|url|dir>
                           CVE JSON 5 records of cisagov/vulnrichment: a record, an array, a zip
                           or a folder (a checkout); repeatable
      --out <path>         advisories file (default $NETGUARD_DATA_DIR/advisories.json)
      --replace            start from an empty file instead of merging into the existing one
      --max-mb <n>         largest feed accepted, in MiB (default 256)
      --timeout <ms>       longest wait for one URL (default 120000)
  -h, --help               show this help
`;

type Io = { out: (text: string) => void; err: (text: string) => void };

const positive = (name: string, value: string | undefined) => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return n;
};

/** `netguard-scan advisories ...`: returns the exit code. */
export async function runAdvisoriesCommand(argv: string[], io: Io): Promise<number> {
  let values: ReturnType<typeof parse>['values'];
  let positionals: string[];
  try {
    ({ values, positionals } = parse(argv));
    if (values.help) {
      io.out(ADVISORIES_USAGE);
      return 0;
    }
    if (positionals[0] !== 'import' || positionals.length > 1)
      throw new Error(`Unknown advisories command "${positionals.join(' ')}": use "import"`);
  } catch (error) {
    io.err(`netguard-scan: ${(error as Error).message}\n\n${ADVISORIES_USAGE}`);
    return 2;
  }
  try {
    const maxMb = positive('max-mb', values['max-mb']);
    const result = await importAdvisories({
      nvd: values.nvd,
      kev: values.kev,
      epss: values.epss,
      osv: values.osv,
      vulnrichment: values.vulnrichment,
      out: values.out ?? defaultAdvisoriesPath(),
      replace: values.replace,
      maxBytes: maxMb && maxMb * 1024 * 1024,
      timeoutMs: positive('timeout', values.timeout),
    });
    io.out(formatResult(result));
    return 0;
  } catch (error) {
    io.err(`netguard-scan: ${(error as Error).message}\n`);
    return 1;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      nvd: { type: 'string', multiple: true },
      kev: { type: 'string' },
      epss: { type: 'string' },
      osv: { type: 'string', multiple: true },
      vulnrichment: { type: 'string', multiple: true },
      out: { type: 'string' },
      replace: { type: 'boolean' },
      'max-mb': { type: 'string' },
      timeout: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

/** The counts a person checks after an import. */
export function formatResult(r: ImportResult): string {
  const lines: string[] = [];
  if (r.nvd) {
    const n = r.nvd;
    lines.push(
      `NVD: ${n.cves} CVEs read, ${n.advisories} advisories created (skipped: ${n.noCvss} without CVSS, ${n.unmapped} CPE matches for products the engine does not detect, ${n.unversioned} without versions, ${n.rejected} rejected, ${n.invalid} invalid)`,
    );
  }
  if (r.kev)
    lines.push(
      `KEV: ${r.kev.entries} entries, ${r.kev.matching} matching an advisory${r.kev.invalid ? ` (${r.kev.invalid} invalid)` : ''}`,
    );
  if (r.epss)
    lines.push(
      `EPSS: ${r.epss.rows} scores read, ${r.epss.kept} kept for known CVEs${r.epss.invalid ? ` (${r.epss.invalid} invalid rows)` : ''}`,
    );
  if (r.osv) {
    const o = r.osv;
    lines.push(
      `OSV: ${o.records} records read, ${o.imported} gave ${o.fixes} distribution fixes (skipped: ${o.unknown} for other products or distributions, ${o.noCve} without a CVE, ${o.withdrawn} withdrawn, ${o.invalid} invalid)`,
      ...o.errors.slice(0, 5).map((e) => `  ${e}`),
    );
  }
  if (r.vulnrichment) {
    const v = r.vulnrichment;
    lines.push(
      `Vulnrichment: ${v.records} records read, ${v.imported} with CISA SSVC or KEV data (skipped: ${v.noSsvc} without, ${v.invalid} invalid)`,
      ...v.errors.slice(0, 5).map((e) => `  ${e}`),
    );
  }
  lines.push(
    `Wrote ${r.path}: ${r.store.advisories} imported advisories, ${r.store.kev} KEV entries, ${r.store.epss} EPSS scores, ${r.store.distributions} distribution fixes, ${r.store.ssvc} SSVC entries (scans add ${bundledAdvisories().length} bundled advisories)`,
  );
  return `${lines.join('\n')}\n`;
}
