export * from './artworks.ts';
export * from './invites.ts';
export * from './site.ts';
export * from './taxonomy.ts';
export * from './users.ts';
export * from './jobs.ts';
export * from './notifications.ts';
export * from './rights.ts';
