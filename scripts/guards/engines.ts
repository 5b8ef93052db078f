/**
 * Install guard (issue #13: no EBADENGINE on the Node version `engines` declares): every package in the lock must
 * accept the lowest Node version package.json allows. npm checks only the Node it runs on; this checks the declared
 * floor, whatever Node runs the tests. The range reader covers the forms engines use (comparators, caret, tilde,
 * x-ranges, hyphen ranges, `||`) and refuses any other, so an unread range fails rather than passes.
 */
type Version = [number, number, number];

const PARTIAL = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?$/;

/** A version with the parts it names (`20`, `20.19`, `10.*` name fewer than three). */
function partial(text: string, range: string): { v: Version; parts: number } {
  const m = PARTIAL.exec(text);
  if (!m) throw new Error(`cannot read the range "${range}"`);
  const given = m.slice(1).filter((p) => p !== undefined && !/^[xX*]$/.test(p));
  const v = [0, 0, 0] as Version;
  given.forEach((p, i) => {
    v[i] = Number(p);
  });
  return { v, parts: given.length };
}

const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
/** The version just past everything `v`'s first `parts` parts name (`20.19` → 20.20.0). */
const bump = (v: Version, parts: number): Version => (parts <= 1 ? [v[0] + 1, 0, 0] : parts === 2 ? [v[0], v[1] + 1, 0] : [v[0], v[1], v[2] + 1]);

/** Whether `version` satisfies one comparator set (space-separated comparators, all must hold). */
function satisfiesSet(version: Version, set: string, range: string): boolean {
  const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(set);
  if (hyphen) {
    const low = partial(hyphen[1], range);
    const high = partial(hyphen[2], range);
    return compare(version, low.v) >= 0 && (high.parts === 3 ? compare(version, high.v) <= 0 : compare(version, bump(high.v, high.parts)) < 0);
  }
  const tokens = set
    .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
    .split(/\s+/)
    .filter(Boolean);
  return tokens.every((token) => {
    const [, op, rest] = /^(>=|<=|>|<|=|\^|~)?(.*)$/.exec(token) as RegExpExecArray;
    const { v, parts } = partial(rest, range);
    if (parts === 0) return op === undefined || op === '=' || op === '>=' || op === '<=' ? true : op !== '<' && op !== '>';
    switch (op) {
      case '>=':
        return compare(version, v) >= 0;
      case '>':
        return parts === 3 ? compare(version, v) > 0 : compare(version, bump(v, parts)) >= 0;
      case '<':
        return compare(version, v) < 0;
      case '<=':
        return parts === 3 ? compare(version, v) <= 0 : compare(version, bump(v, parts)) < 0;
      case '^': {
        const upper: Version = v[0] > 0 || parts === 1 ? [v[0] + 1, 0, 0] : v[1] > 0 || parts === 2 ? [0, v[1] + 1, 0] : [0, 0, v[2] + 1];
        return compare(version, v) >= 0 && compare(version, upper) < 0;
      }
      case '~':
        return compare(version, v) >= 0 && compare(version, bump(v, Math.min(parts, 2))) < 0;
      default:
        // `=1.2.3`, `1.2.3`, or a partial version meaning every version it names (`18` is 18.x).
        return compare(version, v) >= 0 && compare(version, bump(v, parts)) < 0;
    }
  });
}

/** Whether `version` (x.y.z) satisfies an engines range such as `^20.19.0 || >=22.12.0`. */
export function satisfies(version: string, range: string): boolean {
  const v = partial(version, version);
  if (v.parts !== 3) throw new Error(`"${version}" is not a whole version`);
  const sets = range.trim() === '' ? [''] : range.split('||').map((s) => s.trim());
  return sets.some((set) => set === '' || satisfiesSet(v.v, set, range));
}

/** The lowest version a floor range (`>=20.19`, `^20.19.0`, `20.19.0`) allows, as x.y.z. */
export function floorOf(range: string): string {
  const m = /^\s*(?:>=|\^|~|=)?\s*(v?\d+(?:\.\d+){0,2})\s*$/.exec(range.split('||')[0]);
  if (!m) throw new Error(`cannot take the lowest version of "${range}"`);
  return partial(m[1], range).v.join('.');
}

/** Packages of a package-lock (v2/v3) whose engines.node refuses `version`, as `path: range`. */
export function refusing(lock: { packages: Record<string, { engines?: { node?: string } | string[] }> }, version: string): string[] {
  return Object.entries(lock.packages).flatMap(([path, entry]) => {
    const node = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
    return node && !satisfies(version, node) ? [`${path || '(root)'}: ${node}`] : [];
  });
}
