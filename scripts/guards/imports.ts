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
 * The boundary rules. An API feature may import its own folder and the layers below it (the shared layer `domain/`,
 * the plumbing, the contract), never another feature; what several features use lives in `domain/`.
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
    name: 'API plumbing (http, db, media, mail, jobs) knows no feature and no domain/',
    from: /^apps\/api\/src\/(http|db|media|mail|jobs)\//,
    forbids: (e) => e.to.startsWith('apps/api/src/features/') || e.to.startsWith('apps/api/src/domain/'),
  },
  {
    name: 'web ui/ knows no feature, no kit/ and no api/',
    from: /^apps\/web\/src\/ui\//,
    forbids: (e) => /^apps\/web\/src\/(features|kit|api)(\/|$)/.test(e.to),
  },
  {
    name: 'web shell/ does not import the route table',
    from: /^apps\/web\/src\/shell\//,
    forbids: (e) => /^apps\/web\/src\/(routes|App)(\.tsx?)?$/.test(e.to),
  },
  {
    name: 'API domain/ (the shared layer) knows no feature',
    from: /^apps\/api\/src\/domain\//,
    forbids: (e) => e.to.startsWith('apps/api/src/features/'),
  },
  {
    name: 'an API feature imports only its own folder and the layers below it',
    from: feature('api'),
    forbids: (e) => {
      const other = featureOf(`${e.to}/`, 'api');
      return other !== undefined && other !== featureOf(e.from, 'api');
    },
  },
  {
    name: 'a web feature imports only its own folder, kit/, ui/, api/, i18n, the app-wide modules and the contract',
    from: feature('web'),
    forbids: (e) => {
      if (!e.to.startsWith('apps/web/src/')) return false;
      if (featureOf(`${e.to}/`, 'web') === featureOf(e.from, 'web')) return false;
      return !WEB_BELOW_FEATURES.test(e.to);
    },
  },
  {
    name: 'web kit/ knows no feature, no shell and no route table',
    from: /^apps\/web\/src\/kit\//,
    forbids: (e) => /^apps\/web\/src\/(features|shell)(\/|$)|^apps\/web\/src\/(routes|App)(\.tsx?)?$/.test(e.to),
  },
];

/**
 * What lies below the web features (docs/ARCHITECTURE.md, "Who may import whom"): the artwork kit, ui/, api/, i18n,
 * the test helpers, and the app-wide modules (site data and the current user, the page's origin, lazy components).
 */
const WEB_BELOW_FEATURES = /^apps\/web\/src\/(?:(?:kit|ui|api|i18n|test)(?:\/|$)|(?:site|origin|lazy)(?:\.ts)?$)/;

/** Checks edges against the rules: every edge a rule forbids is a violation, with no exception list. */
export function check(edges: Edge[], rules: Rule[] = RULES): Violation[] {
  const violations: Violation[] = [];
  for (const edge of edges) {
    for (const rule of rules) {
      const match = edge.from.match(rule.from);
      if (match && rule.forbids(edge, match)) violations.push({ ...edge, rule: rule.name });
    }
  }
  return violations;
}

/**
 * The folder a source path belongs to, for the cycle guard: one node per feature, per `domain/` subject and per
 * web `kit/` folder, per other top-level folder of an app's `src` (http, db, pages …; a file at `src/` is its own
 * node), and the contract. Packages from npm have none.
 */
export function folderOf(path: string): string | undefined {
  const p = `${path}/`.replace(/\.(tsx?|mts)\/$/, '/');
  const layered = p.match(/^(apps\/(?:api|web)\/src\/(?:features|domain|kit))\/([^/]+)\//);
  if (layered) return `${layered[1]}/${layered[2]}`;
  const top = p.match(/^(apps\/(?:api|web)\/src)\/([^/]+)\//);
  if (top) return `${top[1]}/${top[2]}`;
  return p.startsWith('packages/contract/') ? 'packages/contract' : undefined;
}

/**
 * Import cycles between folders (issue #28): the strongly connected components of the folder graph made from the
 * edges (Tarjan), each with more than one folder, kept when one of its folders matches `scope`. Each cycle is
 * listed sorted, and the cycles in the order their first folder sorts.
 */
export function folderCycles(edges: Edge[], scope: RegExp): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const edge of edges) {
    const from = folderOf(edge.from);
    const to = folderOf(edge.to);
    if (!from || !to || from === to) continue;
    graph.set(from, (graph.get(from) ?? new Set()).add(to));
    if (!graph.has(to)) graph.set(to, new Set());
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (folder: string) => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder)!);
    stack.push(folder);
    onStack.add(folder);
    for (const next of graph.get(folder)!) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(folder, Math.min(low.get(folder)!, index.get(next)!));
      }
    }
    if (low.get(folder) !== index.get(folder)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== folder);
    if (component.length > 1 && component.some((f) => scope.test(f))) cycles.push(component.sort());
  };
  for (const folder of [...graph.keys()].sort()) if (!index.has(folder)) visit(folder);
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}

/** Every import edge of the repository's sources. */
export function repositoryEdges(root: string): Edge[] {
  const files = listSources(root, ['packages/contract/src', 'apps/api/src', 'apps/web/src']);
  return files.flatMap((file) => edgesOf(file, readFileSync(join(root, file), 'utf8')));
}

/** The repository root, from this file's location. */
export const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
