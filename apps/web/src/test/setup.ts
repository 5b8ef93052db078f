import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import i18n, { i18nReady, NAMESPACES } from '../i18n/index.ts';

await i18nReady;
// Components tests switch languages freely: have both, with every namespace, loaded up front.
await i18n.reloadResources(['ko', 'en'], NAMESPACES);

afterEach(() => cleanup());
