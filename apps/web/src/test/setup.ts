import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import i18n, { i18nReady } from '../i18n/index.ts';

await i18nReady;
// Components tests switch languages freely: have both loaded up front.
await i18n.loadLanguages(['ko', 'en']);

afterEach(() => cleanup());
