// Alpine package version order (apk-tools): dot-separated numbers (the first compared as a
// number, later ones as text when either has a leading zero: "1.01" < "1.1"), an optional letter,
// suffixes (_alpha < _beta < _pre < _rc < none < _cvs < _svn < _git < _hg < _p, each with an
// optional number), then the package revision "-rN".

const SUFFIX_RANK: Record<string, number> = {
  alpha: -4,
  beta: -3,
  pre: -2,
  rc: -1,
  cvs: 1,
  svn: 2,
  git: 3,
  hg: 4,
  p: 5,
};

/** An Alpine version split into what orders it. */
export type ApkVersion = {
  numbers: string[];
  letter: string;
  suffixes: { rank: number; n: number }[];
  revision: number;
};

const APK =
  /^(\d+(?:\.\d+)*)([a-z]?)((?:_(?:alpha|beta|pre|rc|cvs|svn|git|hg|p)\d*)*)(?:-r(\d+))?$/;

/** Parses "9.7_p1-r4"; null when it is not an apk version. */
export function parseApkVersion(text: string): ApkVersion | null {
  const m = APK.exec(text.trim());
  if (!m) return null;
  const suffixes = [...(m[3] ?? '').matchAll(/_([a-z]+)(\d*)/g)].map(([, name, n]) => ({
    rank: SUFFIX_RANK[name!]!,
    n: Number(n || 0),
  }));
  return { numbers: m[1]!.split('.'), letter: m[2] ?? '', suffixes, revision: Number(m[4] ?? 0) };
}

const sign = (n: number): -1 | 0 | 1 => (n < 0 ? -1 : n > 0 ? 1 : 0);

function compareNumber(a: string, b: string, first: boolean): number {
  if (!first && (a.startsWith('0') || b.startsWith('0'))) return a < b ? -1 : a > b ? 1 : 0;
  return Number(a) - Number(b);
}

/** apk's order of two versions: -1, 0 or 1; null when either does not parse. */
export function compareApk(a: string, b: string): -1 | 0 | 1 | null {
  const x = parseApkVersion(a);
  const y = parseApkVersion(b);
  if (!x || !y) return null;
  const length = Math.max(x.numbers.length, y.numbers.length);
  for (let i = 0; i < length; i++) {
    const [p, q] = [x.numbers[i], y.numbers[i]];
    if (p === undefined || q === undefined) return p === undefined ? -1 : 1;
    const d = compareNumber(p, q, i === 0);
    if (d !== 0) return sign(d);
  }
  if (x.letter !== y.letter) return x.letter < y.letter ? -1 : 1;
  const suffixes = Math.max(x.suffixes.length, y.suffixes.length);
  for (let i = 0; i < suffixes; i++) {
    const none = { rank: 0, n: 0 };
    const [p, q] = [x.suffixes[i] ?? none, y.suffixes[i] ?? none];
    const d = p.rank - q.rank || p.n - q.n;
    if (d !== 0) return sign(d);
  }
  return sign(x.revision - y.revision);
}
