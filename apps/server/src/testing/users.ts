import { randomBytes } from 'node:crypto';
import type { AppDatabase } from '../database';
import { hashSecret } from '../platform/security/passwords';

/**
 * Visitor accounts written straight into the users table, all with one password: for the route fuzz
 * and the soak, which need accounts ready to sign in. Registration itself (puzzle, SMS code) has
 * tests of its own; signing in still goes through the login route.
 */
export async function insertUsers(database: AppDatabase, phones: readonly string[], password: string): Promise<void> {
  const hash = await hashSecret(password);
  const now = Math.floor(Date.now() / 1000);
  await database.db
    .insertInto('users')
    .values(
      phones.map((phone) => ({
        id: randomBytes(16).toString('hex'),
        phone,
        password_hash: hash,
        unique_id: randomBytes(16).toString('hex'),
        user_type: '0',
        user_type_aqidata: '0',
        lidar_permission: null,
        created_at: now,
        last_login_at: null,
        password_changed_at: now,
      })),
    )
    .execute();
}
