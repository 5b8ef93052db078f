import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

/** The dotted key paths of a translation catalogue (leaves only). */
export function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

/** Namespace files (relative to a language folder, `on-demand/` included) of one language. */
export function namespacesOf(folder: string, sub = ''): string[] {
  return readdirSync(join(folder, sub), { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return namespacesOf(folder, posix.join(sub, entry.name));
    return entry.name.endsWith('.json') ? [posix.join(sub, entry.name)] : [];
  });
}

export interface Mismatch {
  namespace: string;
  /** Keys one language has and the other lacks, by language. */
  missing: Record<string, string[]>;
}

/** Compares the catalogues of every language folder under `root` (e.g. `ko/`, `en/`): same namespaces, same keys. */
export function compareCatalogues(read: (path: string) => unknown, languages: Record<string, string[]>): Mismatch[] {
  const langs = Object.keys(languages);
  const namespaces = [...new Set(langs.flatMap((l) => languages[l]))].sort();
  const mismatches: Mismatch[] = [];
  for (const namespace of namespaces) {
    const keys = Object.fromEntries(langs.map((l) => [l, new Set(languages[l].includes(namespace) ? keysOf(read(`${l}/${namespace}`)) : [])]));
    const all = new Set(langs.flatMap((l) => [...keys[l]]));
    const missing = Object.fromEntries(langs.map((l) => [l, [...all].filter((k) => !keys[l].has(k)).sort()]));
    if (langs.some((l) => missing[l].length > 0)) mismatches.push({ namespace, missing });
  }
  return mismatches;
}

export const readJson = (root: string) => (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));
