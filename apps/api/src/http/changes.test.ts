import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { WRITE } from './changes.ts';

/** Issue #13: the embedded database is one process, so its channel is local; a server's is shared (changes.pg.test.ts). */
describe('change channel', () => {
  it('tells this process at once, and is local on the embedded database', async () => {
    const app = await buildTestApp();
    const heard: string[] = [];
    app.changes.subscribe((t) => heard.push(t));
    app.changes.publish(WRITE);
    expect(app.changes.channel).toBe(app.database.kind === 'pglite' ? 'local' : 'listening');
    expect(heard).toEqual([WRITE]);
    await app.close();
  });
});
