import { inject } from 'vitest';

// The API's PostgreSQL tests that run in this suite (the restore drill) make their databases on its own primary.
process.env.TEST_DATABASE_URL = `postgres://postgres@127.0.0.1:${inject('durability').primary.port}/postgres`;
