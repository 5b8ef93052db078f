/**
 * Guards of the design (issue #12 E): import boundaries, translation key parity, no interface literals outside the
 * catalogues. Each guard is tested against a synthetic input first, so that it is shown to fail when it should.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareCatalogues, namespacesOf, readJson } from './catalogues.ts';
import { check, edgesOf, folderCycles, listSources, repositoryEdges, repositoryRoot } from './imports.ts';
import { literalsOf } from './literals.ts';

const listCss = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listCss(join(dir, e.name)) : e.name.endsWith('.css') ? [join(dir, e.name)] : []));

describe('import boundaries', () => {
  const lines = (edges: ReturnType<typeof check>) => edges.map((v) => `${v.rule}: ${v.from}:${v.line} -> ${v.to}`);

  it('reports every kind of forbidden edge in a synthetic tree', () => {
    const files: Record<string, string> = {
      'packages/contract/src/a.ts': "import { x } from '../../../apps/api/src/app.ts';",
      'apps/web/src/features/gallery/G.tsx':
        "import { A } from '../artworks/UploadPage.tsx';\nimport { C } from '../../kit/components/ArtworkCard.tsx';\nimport { L } from '../../shell/Layout.tsx';\nimport { u } from '../../site.ts';",
      'apps/web/src/features/home/H.tsx': "const P = lazy(() => import('../invites/pages/InviteListPage.tsx'));",
      'apps/web/src/features/invites/judging/J.tsx': "import { i } from '../api/invites.ts';\nimport { M } from '../../../ui/Modal.tsx';",
      'apps/web/src/kit/K.tsx': "import { F } from '../features/follows/F.tsx';\nimport { api } from '../api/client.ts';",
      'apps/web/src/ui/Button.tsx':
        "import { client } from '../api/client.ts';\nimport type { X } from '../features/gallery/G.tsx';\nimport { K } from '../kit/K.tsx';",
      'apps/web/src/shell/Layout.tsx': "import { routes } from '../routes.tsx';",
      'apps/web/src/api/client.ts': "import { app } from '../../../api/src/app.ts';",
      'apps/api/src/http/spa.ts': "export { siteData } from '../features/site/service.ts';\nimport { notify } from '../domain/notifications/notify.ts';",
      'apps/api/src/domain/cards/list.ts': "import { x } from '../../features/gallery/queries.ts';\nimport { y } from '../artworks/read-model.ts';",
      'apps/api/src/features/gallery/service.ts':
        "import { visibleScope } from '../../domain/artworks/scope.ts';\nimport { presentUser } from '../accounts/present.ts';\nimport { x } from '../artworks/queries.ts';",
      'apps/api/src/features/artworks/service.ts': "import { y } from './queries.ts';\nimport { z } from '../../http/paging.ts';",
    };
    const edges = Object.entries(files).flatMap(([file, text]) => edgesOf(file, text));
    expect(lines(check(edges))).toEqual([
      'contract imports nothing of the apps: packages/contract/src/a.ts:1 -> apps/api/src/app.ts',
      'a web feature imports only its own folder, kit/, ui/, api/, i18n, the app-wide modules and the contract: apps/web/src/features/gallery/G.tsx:1 -> apps/web/src/features/artworks/UploadPage.tsx',
      'a web feature imports only its own folder, kit/, ui/, api/, i18n, the app-wide modules and the contract: apps/web/src/features/gallery/G.tsx:3 -> apps/web/src/shell/Layout.tsx',
      'a web feature imports only its own folder, kit/, ui/, api/, i18n, the app-wide modules and the contract: apps/web/src/features/home/H.tsx:1 -> apps/web/src/features/invites/pages/InviteListPage.tsx',
      'web kit/ knows no feature, no shell and no route table: apps/web/src/kit/K.tsx:1 -> apps/web/src/features/follows/F.tsx',
      'web ui/ knows no feature, no kit/ and no api/: apps/web/src/ui/Button.tsx:1 -> apps/web/src/api/client.ts',
      'web ui/ knows no feature, no kit/ and no api/: apps/web/src/ui/Button.tsx:2 -> apps/web/src/features/gallery/G.tsx',
      'web ui/ knows no feature, no kit/ and no api/: apps/web/src/ui/Button.tsx:3 -> apps/web/src/kit/K.tsx',
      'web shell/ does not import the route table: apps/web/src/shell/Layout.tsx:1 -> apps/web/src/routes.tsx',
      'web does not import the API: apps/web/src/api/client.ts:1 -> apps/api/src/app.ts',
      'API plumbing (http, db, media, mail, jobs) knows no feature and no domain/: apps/api/src/http/spa.ts:1 -> apps/api/src/features/site/service.ts',
      'API plumbing (http, db, media, mail, jobs) knows no feature and no domain/: apps/api/src/http/spa.ts:2 -> apps/api/src/domain/notifications/notify.ts',
      'API domain/ (the shared layer) knows no feature: apps/api/src/domain/cards/list.ts:1 -> apps/api/src/features/gallery/queries.ts',
      'an API feature imports only its own folder and the layers below it: apps/api/src/features/gallery/service.ts:2 -> apps/api/src/features/accounts/present.ts',
      'an API feature imports only its own folder and the layers below it: apps/api/src/features/gallery/service.ts:3 -> apps/api/src/features/artworks/queries.ts',
    ]);
  });

  it('reads workspace package names, re-exports and comments correctly', () => {
    const edges = edgesOf(
      'apps/web/src/features/x/a.ts',
      "// import { no } from '../y/b.ts';\n/* import('../y/c.ts') */\nexport * from '@axoo/contract';\nimport '@axoo/api/app.ts';",
    );
    expect(edges.map((e) => e.to)).toEqual(['packages/contract/src', 'apps/api/src/app.ts']);
  });

  it('holds for the repository', () => {
    expect(lines(check(repositoryEdges(repositoryRoot)))).toEqual([]);
  });
});

describe('import cycles between folders (issue #28)', () => {
  // The API's feature folders and the shared layer: a cycle through any of them is reported.
  const API_LAYERS = /^apps\/api\/src\/(features|domain)\//;

  it('finds a cycle between two features, and one through the shared layer, in a synthetic tree', () => {
    const files: Record<string, string> = {
      'apps/api/src/features/invites/service.ts': "import { notice } from '../judging/notices.ts';",
      'apps/api/src/features/judging/policy.ts': "import { canEditInvite } from '../invites/policy.ts';",
      'apps/api/src/domain/cards/state.ts': "import { pageOfIds } from '../../features/gallery/service.ts';",
      'apps/api/src/features/gallery/service.ts': "import { cardStore } from '../../domain/cards/store.ts';\nimport { q } from '../../http/paging.ts';",
      // Layers that only point down make no cycle, and a folder importing itself is none.
      'apps/api/src/features/feed/service.ts': "import { pageOfIds } from '../../domain/cards/list.ts';\nimport { q } from './queries.ts';",
      'apps/api/src/http/paging.ts': "import { x } from '../db/client.ts';",
    };
    const edges = Object.entries(files).flatMap(([file, text]) => edgesOf(file, text));
    expect(folderCycles(edges, API_LAYERS)).toEqual([
      ['apps/api/src/domain/cards', 'apps/api/src/features/gallery'],
      ['apps/api/src/features/invites', 'apps/api/src/features/judging'],
    ]);
    // A longer loop is one cycle with every folder on it; one outside the scope is not reported.
    const loop = edgesOf('apps/api/src/features/a/x.ts', "import '../b/y.ts';")
      .concat(edgesOf('apps/api/src/features/b/y.ts', "import '../c/z.ts';"), edgesOf('apps/api/src/features/c/z.ts', "import '../a/x.ts';"))
      .concat(edgesOf('apps/api/src/http/a.ts', "import '../media/b.ts';"), edgesOf('apps/api/src/media/b.ts', "import '../http/a.ts';"));
    expect(folderCycles(loop, API_LAYERS)).toEqual([['apps/api/src/features/a', 'apps/api/src/features/b', 'apps/api/src/features/c']]);
  });

  it('finds a cycle between web folders in a synthetic tree', () => {
    const edges = edgesOf('apps/web/src/kit/components/ArtworkCard.tsx', "import { Bell } from '../../features/notifications/Bell.tsx';").concat(
      edgesOf('apps/web/src/features/notifications/Bell.tsx', "import { ArtworkGrid } from '../../kit/components/ArtworkGrid.tsx';"),
    );
    expect(folderCycles(edges, /./)).toEqual([['apps/web/src/features/notifications', 'apps/web/src/kit/components']]);
  });

  it('holds for the repository: no folder of either app, nor the contract, is on a cycle', () => {
    // A test may import the app it tests (the web's test/ helpers render App): the product's own sources may not loop.
    const sources = repositoryEdges(repositoryRoot).filter((e) => !/\.test\.tsx?$/.test(e.from) && !e.from.startsWith('apps/web/src/test/'));
    expect(folderCycles(sources, /./)).toEqual([]);
  });
});

describe('translation catalogues', () => {
  const i18n = join(repositoryRoot, 'apps/web/src/i18n');

  it('reports a key one language lacks, and a namespace only one language has', () => {
    const files: Record<string, unknown> = {
      'ko/common.json': { nav: { a: '가', b: '나' } },
      'en/common.json': { nav: { a: 'A' }, extra: 'E' },
      'ko/on-demand/about.json': { x: '엑스' },
    };
    const mismatches = compareCatalogues((p) => files[p], { ko: ['common.json', 'on-demand/about.json'], en: ['common.json'] });
    expect(mismatches).toEqual([
      { namespace: 'common.json', missing: { ko: ['extra'], en: ['nav.b'] } },
      { namespace: 'on-demand/about.json', missing: { ko: [], en: ['x'] } },
    ]);
  });

  it('ko and en have the same namespaces and the same keys in each', () => {
    const languages = { ko: namespacesOf(join(i18n, 'ko')), en: namespacesOf(join(i18n, 'en')) };
    expect(languages.ko.length).toBeGreaterThan(5);
    expect(compareCatalogues(readJson(i18n), languages)).toEqual([]);
  });
});

describe('interface text', () => {
  /** Literals that are not language: each with its reason. */
  const EXCEPTIONS = new Map<string, string>([
    ['apps/web/src/features/admin/sections/RecordsSection.tsx placeholder="/gallery/all/"', 'an example path, the same in every language'],
    ['apps/web/src/kit/ArtworkOverlay.tsx cc', 'the Creative Commons mark, hidden from screen readers (the licence name is read)'],
  ]);

  it('finds JSX text and read-aloud attributes, and ignores code between generics', () => {
    const source = [
      'const a = useState<Record<string, number>>({});',
      'const f = (x: number): Promise<void> => load<Artwork>(x);',
      '<button aria-label="Close" title={t("x")}>Zoom</button>',
      '<img alt="" src={src} />',
      '<p>{t("ok")}</p>',
      '{/* <span>commented</span> */}',
      '<span>확대</span>',
    ].join('\n');
    expect(literalsOf('x.tsx', source).map((l) => `${l.line} ${l.text}`)).toEqual(['3 Zoom', '7 확대', '3 aria-label="Close"']);
  });

  it('no web component writes interface text outside the catalogues', () => {
    const files = listSources(repositoryRoot, ['apps/web/src']).filter((f) => f.endsWith('.tsx') && !f.includes('.test.'));
    const found = files
      .flatMap((file) => literalsOf(file, readFileSync(join(repositoryRoot, file), 'utf8')))
      .map((l) => `${l.file} ${l.text}`)
      .filter((l) => !EXCEPTIONS.has(l));
    expect(found).toEqual([]);
    expect(files.length).toBeGreaterThan(50);
  });
});

describe('colours', () => {
  const RAW = /#[0-9a-fA-F]{3,8}\b|\b(?:rgb|rgba|hsl|hsla)\(|(?<![-\w])(?:white|black)(?![-\w])/;
  /** Raw colours outside the token block (`:root` of styles/global.css), by file and line. */
  const rawColours = (file: string, css: string) => {
    const lines = css.split('\n');
    const tokensEnd = file.endsWith('styles/global.css') ? lines.findIndex((l) => l.trim() === '}') : -1;
    return lines.flatMap((line, i) => (i > tokensEnd && !line.trim().startsWith('/*') && RAW.test(line) ? [`${file}:${i + 1}`] : []));
  };

  it('finds a raw colour, and none in the token block', () => {
    expect(rawColours('apps/web/src/styles/global.css', ':root {\n  --white: #ffffff;\n}\na { color: #fff; }')).toEqual(['apps/web/src/styles/global.css:4']);
    expect(rawColours('x.module.css', '.a { background: rgba(0, 0, 0, 0.5); white-space: nowrap; border-color: white; }')).toEqual(['x.module.css:1']);
  });

  it('components use design tokens only', () => {
    const files = listCss(join(repositoryRoot, 'apps/web/src'));
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap((f) => rawColours(f, readFileSync(f, 'utf8')))).toEqual([]);
  });
});
