import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../cluster/harness.ts';
import { Clusters } from './clusters.ts';
import { PgBackRest } from './pgbackrest.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    durability: { work: string; tag: string; primary: { name: string; port: number; data: string }; pgbackrestConfig: string };
  }
}

/**
 * `npm run test:durability` (issue #32): one primary cluster of the suite's own, archiving its WAL into a pgBackRest
 * repository, for every test file; the files add the clusters they need (a standby, a restore target) and drop them.
 * Everything made here is dropped at the end, after a failure too.
 */
export default async function setup(project: TestProject) {
  const tag = `axoo_dur_${randomBytes(3).toString('hex')}`;
  const work = join(tmpdir(), tag);
  const clusters = new Clusters(work);
  const drop = () => clusters.dropAll();
  const onSignal = () => void drop().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const primary = await clusters.create(`${tag}_primary`, await freePort());
    const backrest = PgBackRest.configure(work, primary);
    await clusters.reconfigure(primary, backrest.archiving());
    await clusters.start(primary);
    await backrest.run('stanza-create');
    await backrest.run('check');
    project.provide('durability', { work, tag, primary: { name: primary.name, port: primary.port, data: primary.data }, pgbackrestConfig: backrest.config });
  } catch (err) {
    await drop();
    throw err;
  }
  return async () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await drop();
  };
}
