import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import i18n, { i18nReady, NAMESPACES } from '../i18n/index.ts';

await i18nReady;
// Components tests switch languages freely: have both, with every namespace, loaded up front.
await i18n.reloadResources(['ko', 'en'], NAMESPACES);

afterEach(() => cleanup());

// `findBy…` and `waitFor` give up after 1 s by default: on a machine whose two cores other suites share, a lazy screen
// can take longer than that to appear, and a test would fail for the machine's sake, not the code's. What a test waits
// for still has to appear; only the patience changes (and the test's own limit, below, with it).
configure({ asyncUtilTimeout: 8_000 });
