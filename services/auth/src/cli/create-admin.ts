import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import readline from 'node:readline';
import { hashPassword } from '@portal/auth';
import { addToOutbox } from '@portal/bus';
import { checkPasswordRules, EMAIL_PATTERN, EventTypes, Role } from '@portal/contracts';
import { dataDir, Db, runningEmbeddedUrl, serviceDatabaseUrl, withDatabase } from '@portal/db';
import { AUTH_MIGRATIONS } from '../auth.module';

/**
 * Creates the first administrator of a deployment without demo data, or resets an existing one:
 *
 *   npm run create-admin -- <login> <email>        (password asked on the terminal, or ADMIN_PASSWORD)
 *
 * It works on the auth database the auth service uses (AUTH_DATABASE_URL, DATABASE_URL, else the
 * embedded cluster of DATA_DIR, running or not) and runs its migrations first, so it also works on
 * a database nothing started yet. An existing account with that login gets the ADMIN role, the new
 * password, is unblocked and its sessions are ended. A weak password is refused.
 */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

/** What is wrong with an administrator's password, in words an operator reads; empty when strong enough. */
export function adminPasswordProblems(password: string, login: string): string[] {
  const rules = checkPasswordRules(password);
  const problems: string[] = [];
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) problems.push(`at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`);
  if (!rules.upper || !rules.lower) problems.push('upper and lower case letters');
  if (!rules.digit) problems.push('at least one digit');
  if (login && password.toLowerCase().includes(login.toLowerCase())) problems.push('not containing the login');
  if (/^(.)\1+$/.test(password) || /portal|password|motdepasse|admin/i.test(password)) problems.push('not a common or guessable word');
  return problems;
}

async function ask(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  try {
    return await new Promise((resolve) => rl.question(question, resolve));
  } finally {
    rl.close();
  }
}

export async function createAdmin(db: Db, login: string, email: string, password: string): Promise<'created' | 'reset'> {
  const hash = await hashPassword(password);
  return db.system.transaction(async (em) => {
    const [existing]: { id: number; uuid: string }[] = await em.query(
      `SELECT id, uuid FROM users WHERE lower(login) = lower($1) FOR UPDATE`,
      [login],
    );
    if (existing) {
      await em.query(
        `UPDATE users SET password_hash = $2, email = $3, roles = array(SELECT DISTINCT unnest(roles || $4::text[])), disabled = false,
           failed_logins = 0, failure_window_start = NULL, blocked_until = NULL, updated_at = now() WHERE id = $1`,
        [existing.id, hash, email, [Role.ADMIN]],
      );
      await em.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [existing.id]);
      // The running services forget the ended sessions when the auth service relays this event.
      await addToOutbox(em, 'auth', EventTypes.userSessionsRevoked, { userUuid: existing.uuid, reason: 'admin-reset' });
      return 'reset';
    }
    await em.query(
      `INSERT INTO users (uuid, login, email, password_hash, firstname, lastname, roles) VALUES ($1, $2, $3, $4, '', $2, $5)`,
      [randomUUID(), login, email, hash, [Role.ADMIN]],
    );
    return 'created';
  });
}

async function main(): Promise<number> {
  const [login, email] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  if (!login || !email) {
    console.error('usage: npm run create-admin -- <login> <email>   (password asked, or from ADMIN_PASSWORD)');
    return 2;
  }
  if (!/^[A-Za-z0-9._@-]{3,100}$/.test(login)) {
    console.error('The login may hold letters, digits, dot, underscore, hyphen and @ (3 to 100 characters).');
    return 2;
  }
  if (!EMAIL_PATTERN.test(email)) {
    console.error(`${email} is not an e-mail address.`);
    return 2;
  }
  const password = process.env.ADMIN_PASSWORD ?? (await ask(`Password for ${login}: `));
  const problems = adminPasswordProblems(password, login);
  if (problems.length) {
    console.error(`Password refused: an administrator's password needs ${problems.join(', ')}.`);
    return 1;
  }
  const running = serviceDatabaseUrl('auth') ? undefined : runningEmbeddedUrl(`${dataDir()}/pg`);
  const db = await Db.open({
    service: 'auth',
    entities: [],
    migrations: AUTH_MIGRATIONS,
    url: running ? withDatabase(running, 'portal_auth') : undefined,
    poolSize: 1,
  });
  try {
    const done = await createAdmin(db, login, email, password);
    const said =
      done === 'created' ? `Administrator ${login} created.` : `Administrator ${login} reset: new password, ADMIN role, sessions ended.`;
    process.stdout.write(`${said}\n`);
    return 0;
  } finally {
    await db.close();
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
