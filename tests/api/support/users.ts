import { randomUUID } from 'node:crypto';
import { hashPassword } from '@portal/auth';
import { Db } from '@portal/db';
import { DEMO_PASSWORD, type ApiTarget } from './target';

export interface TestUser {
  login: string;
  roles: readonly string[];
  depositorIds: number[];
  /** Back office ids of the activities and stores the user is limited to (none: all of them). */
  activityIds?: number[];
  storeIds?: number[];
}

/**
 * A user the demo does not have, written into the auth service's database as an operator would
 * (there is no user administration API yet); password DEMO_PASSWORD. Answers the user's uuid.
 */
export async function addUser(target: ApiTarget, user: TestUser): Promise<string> {
  const uuid = randomUUID();
  const db = await Db.open({ service: 'auth', entities: [], migrations: [], url: target.databaseUrl('auth') });
  try {
    await db.system.query(
      `INSERT INTO users (uuid, login, email, password_hash, firstname, lastname, roles, depositor_ids, activity_ids, store_ids)
       VALUES ($1, $2, $3, $4, $5, 'Test', $6, $7, $8, $9)`,
      [
        uuid,
        user.login,
        `${user.login}@test.example`,
        await hashPassword(DEMO_PASSWORD),
        user.login,
        user.roles,
        user.depositorIds,
        user.activityIds ?? [],
        user.storeIds ?? [],
      ],
    );
  } finally {
    await db.close();
  }
  return uuid;
}
