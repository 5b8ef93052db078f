import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { asPostgres, type PgCluster, postgresFolder, root, STANZA } from './clusters.ts';

/**
 * pgBackRest with the deployment kit's files (deploy/pgbackrest/): `pgbackrest.conf` with its repository, log and lock
 * paths and the cluster's data folder and port pointed at the suite's own, and `postgresql-archiving.conf` for the
 * primary with its archive_command naming that configuration file.
 */
const kit = join(root, 'deploy/pgbackrest');

/** The kit's `key=value` lines with some values replaced (a key missing from the kit is an error: the kit changed). */
function withValues(text: string, values: Record<string, string>): string {
  const seen = new Set<string>();
  const out = text.replace(/^([a-z0-9-]+)=(.*)$/gm, (line, key: string) => {
    if (!(key in values)) return line;
    seen.add(key);
    return `${key}=${values[key]}`;
  });
  const missing = Object.keys(values).filter((k) => !seen.has(k));
  if (missing.length) throw new Error(`deploy/pgbackrest/pgbackrest.conf has no ${missing.join(', ')}`);
  return out;
}

export class PgBackRest {
  constructor(readonly config: string) {}

  /** The kit's configuration written under `work` for `primary`. */
  static configure(work: string, primary: PgCluster): PgBackRest {
    const folder = postgresFolder(join(work, 'pgbackrest'));
    const config = join(folder, 'pgbackrest.conf');
    const text = withValues(readFileSync(join(kit, 'pgbackrest.conf'), 'utf8'), {
      'repo1-path': postgresFolder(join(folder, 'repo')),
      'log-path': postgresFolder(join(folder, 'log')),
      'lock-path': postgresFolder(join(folder, 'lock')),
      'pg1-path': primary.data,
      'pg1-port': String(primary.port),
      // The suite's two cores are shared with another suite in CI.
      'process-max': '1',
    });
    writeFileSync(config, text);
    return new PgBackRest(config);
  }

  /** The kit's archiving settings for the primary's conf.d, its archive_command pointed at this configuration. */
  archiving(): string[] {
    return readFileSync(join(kit, 'postgresql-archiving.conf'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'))
      .map((l) => l.replace('pgbackrest --stanza', `pgbackrest --config=${this.config} --stanza`));
  }

  run(...args: string[]) {
    return asPostgres('pgbackrest', [`--config=${this.config}`, `--stanza=${STANZA}`, '--log-level-console=warn', ...args], { timeout: 180_000 });
  }

  /** The repository's backups as pgBackRest describes them. */
  async info(): Promise<{ label: string; type: string; size: number; repoSize: number; start: number; stop: number }[]> {
    const { stdout } = await this.run('--output=json', 'info');
    const [stanza] = JSON.parse(stdout) as {
      backup: { label: string; type: string; info: { size: number; repository: { delta: number } }; timestamp: { start: number; stop: number } }[];
    }[];
    return stanza.backup.map((b) => ({
      label: b.label,
      type: b.type,
      size: b.info.size,
      repoSize: b.info.repository.delta,
      start: b.timestamp.start,
      stop: b.timestamp.stop,
    }));
  }
}
