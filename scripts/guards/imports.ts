/**
 * Reads the import edges of the repository's TypeScript sources and checks them against the boundary rules of
 * docs/ARCHITECTURE.md ("Who may import whom"). Model: bulletproof-react's `import/no-restricted-paths` zones in
 * `apps/react-vite/.eslintrc.cjs`, as a small scanner so the rules run in `npm test` with no lint plugin.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Edge {
  /** Repository-relative path of the importing file, with forward slashes. */
  from: string;
  /** Repository-relative path of the imported file or folder, or the package name for a bare specifier. */
  to: string;
  line: number;
}

export interface Violation extends Edge {
  rule: string;
}

const SOURCE = /\.(ts|tsx|mts)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', '.git', 'screenshots', '.out']);

/** Lists the TypeScript sources under the given folders (repository-relative, forward slashes). */
export function listSources(root: string, folders: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(posix.join(dir, entry.name));
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(posix.join(dir, entry.name));
      }
    }
  };
  for (const folder of folders) walk(folder);
  return files.sort();
}

// Static imports and re-exports (`import x from`, `import type {…} from`, `export * from`), side-effect imports
// (`import './x.css'`) and dynamic imports (`import('./x')`, also inside `lazy(() => import(...))`).
const SPECIFIERS = [/\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g];

/** The import edges of one file's text. Relative specifiers are resolved to repository paths; packages stay bare. */
export function edgesOf(file: string, text: string, workspaces: Record<string, string> = WORKSPACES): Edge[] {
  const code = stripComments(text);
  const edges: Edge[] = [];
  for (const pattern of SPECIFIERS) {
    for (const match of code.matchAll(pattern)) {
      const specifier = match[1];
      const line = code.slice(0, match.index).split('\n').length;
      edges.push({ from: file, to: resolveSpecifier(file, specifier, workspaces), line });
    }
  }
  return edges;
}

/** Workspace package names and the folder they stand for. */
export const WORKSPACES: Record<string, string> = {
  '@axoo/contract': 'packages/contract/src',
  '@axoo/api': 'apps/api/src',
  '@axoo/web': 'apps/web/src',
};

function resolveSpecifier(file: string, specifier: string, workspaces: Record<string, string>): string {
  if (specifier.startsWith('.')) return posix.normalize(posix.join(posix.dirname(file), specifier));
  for (const [name, folder] of Object.entries(workspaces)) {
    if (specifier === name) return folder;
    if (specifier.startsWith(`${name}/`)) return posix.join(folder, specifier.slice(name.length + 1));
  }
  return specifier;
}

function stripComments(text: string): string {
  // Block comments keep their line breaks so that line numbers stay right; line comments go.
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** A rule: the files it governs, and which of their edges it forbids. */
export interface Rule {
  name: string;
  /** The importing files the rule is about. */
  from: RegExp;
  /** Returns true when the edge is forbidden. */
  forbids: (edge: Edge, fromMatch: RegExpMatchArray) => boolean;
}

const feature = (side: 'api' | 'web') => new RegExp(`^apps/${side}/src/features/([^/]+)/`);
const featureOf = (path: string, side: 'api' | 'web') => path.match(feature(side))?.[1];

/**
 * The boundary rules. A feature may import its own folder and the layers below it; the one exception per side is
 * an owner named in docs/ARCHITECTURE.md, which every feature may use.
 */
export const RULES: Rule[] = [
  {
    name: 'contract imports nothing of the apps',
    from: /^packages\/contract\//,
    forbids: (e) => e.to.startsWith('apps/') || e.to.startsWith('@axoo/api') || e.to.startsWith('@axoo/web'),
  },
  { name: 'web does not import the API', from: /^apps\/web\//, forbids: (e) => e.to.startsWith('apps/api/') },
  { name: 'the API does not import the web app', from: /^apps\/api\//, forbids: (e) => e.to.startsWith('apps/web/') },
  {
    name: 'API plumbing (http, db, media, mail, jobs) knows no feature',
    from: /^apps\/api\/src\/(http|db|media|mail|jobs)\//,
    forbids: (e) => e.to.startsWith('apps/api/src/features/'),
  },
  {
    name: 'web ui/ knows no feature and no api/',
    from: /^apps\/web\/src\/ui\//,
    forbids: (e) => e.to.startsWith('apps/web/src/features/') || e.to.startsWith('apps/web/src/api/') || e.to === 'apps/web/src/api',
  },
  {
    name: 'web shell/ does not import the route table',
    from: /^apps\/web\/src\/shell\//,
    forbids: (e) => /^apps\/web\/src\/(routes|App)(\.tsx?)?$/.test(e.to),
  },
  {
    name: 'an API feature imports only its own folder and the named owners',
    from: feature('api'),
    forbids: (e) => {
      const own = featureOf(e.from, 'api');
      const other = featureOf(`${e.to}/`, 'api');
      if (!other || other === own) return false;
      return !API_OWNERS.some((owner) => owner.test(e.to));
    },
  },
  {
    name: 'a web feature imports only its own folder and the shared artwork kit',
    from: feature('web'),
    forbids: (e) => {
      const own = featureOf(e.from, 'web');
      const other = featureOf(`${e.to}/`, 'web');
      if (!other || other === own) return false;
      return !WEB_KIT.some((kit) => kit.test(e.to));
    },
  },
];

/** API modules that own a domain object for every feature (docs/ARCHITECTURE.md, "Owners"). */
export const API_OWNERS: RegExp[] = [
  /^apps\/api\/src\/features\/artworks\/(scope|read-model|present)(\.ts)?$/,
  /^apps\/api\/src\/features\/accounts\/(present|user)(\.ts)?$/,
  /^apps\/api\/src\/features\/notifications\/notify(\.ts)?$/,
  // Who may run a call, and the frozen copy of a submission (issue #16: judging reads both).
  /^apps\/api\/src\/features\/invites\/(policy|snapshot)(\.ts)?$/,
  // The applicant's notices (received, shortlisted, not selected), sent from the invites' own events.
  /^apps\/api\/src\/features\/judging\/notices(\.ts)?$/,
  /^apps\/api\/src\/features\/rights\/headers(\.ts)?$/,
];

/** The one shared web kit: artwork cards, grid and overlay (docs/ARCHITECTURE.md, "Owners"). */
export const WEB_KIT: RegExp[] = [/^apps\/web\/src\/features\/artworks(\/|$)/];

/** Checks edges against the rules; `allowed` lists `from -> to` pairs kept on purpose (each with its reason). */
export function check(edges: Edge[], rules: Rule[] = RULES, allowed: ReadonlyMap<string, string> = new Map()): Violation[] {
  const violations: Violation[] = [];
  for (const edge of edges) {
    for (const rule of rules) {
      const match = edge.from.match(rule.from);
      if (match && rule.forbids(edge, match) && !allowed.has(key(edge))) violations.push({ ...edge, rule: rule.name });
    }
  }
  return violations;
}

export const key = (edge: Pick<Edge, 'from' | 'to'>) => `${edge.from} -> ${edge.to}`;

/** Every import edge of the repository's sources. */
export function repositoryEdges(root: string): Edge[] {
  const files = listSources(root, ['packages/contract/src', 'apps/api/src', 'apps/web/src']);
  return files.flatMap((file) => edgesOf(file, readFileSync(join(root, file), 'utf8')));
}

/** The repository root, from this file's location. */
export const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
