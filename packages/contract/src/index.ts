export * from './accounts.ts';
export * from './choices.ts';
export * from './curation.ts';
export * from './i18n.ts';
export * from './limits.ts';
export * from './media.ts';
export * from './query-keys.ts';
export * from './messages/index.ts';
