import { parseArgs } from 'node:util';
import { passwordProblems, translate } from '@axoo/contract';
import { emailSchema } from '@axoo/contract/accounts-schema';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createOrPromoteStaff } from '../features/accounts/service.ts';

/**
 * Staff bootstrap (issue #3): `npm run create-staff -- --email a@b.c --password Secret123 [--premium] [--name "Name"]`.
 * Creates a staff user, or promotes the user with that e-mail (and sets the password when given);
 * --premium also grants membership. Uses the same DATA_DIR / DATABASE_URL as the server.
 */
const usage = 'usage: npm run create-staff -- --email <email> [--password <password>] [--premium] [--name <name>]';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    premium: { type: 'boolean', default: false },
    name: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(message);
  console.error(usage);
  process.exit(2);
}

if (values.help) {
  console.log(usage);
  process.exit(0);
}
const email = emailSchema.safeParse(values.email ?? '');
if (!email.success) fail('a valid --email is required');
if (values.password !== undefined) {
  const problems = passwordProblems(values.password);
  if (problems.length) fail(problems.map((k) => translate('en', k)).join('\n'));
}

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir });
try {
  await database.migrate();
  const { user, created } = await createOrPromoteStaff(database.db, {
    email: email.data,
    password: values.password,
    premium: values.premium,
    name: values.name,
  });
  const flags = [user.isStaff && 'staff', user.isPremium && 'premium'].filter(Boolean).join(', ');
  console.log(`${created ? 'created' : 'updated'} ${user.email} (id ${user.id}, username ${user.username}): ${flags}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
