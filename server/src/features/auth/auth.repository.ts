import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groups } from '../groups/groups.table';
import { type UserRow, users } from '../users/users.table';
import { loginAttempts, phoneVerifications, sessions } from './sessions.table';

export interface SessionWithUser {
  sessionId: number;
  createdAt: Date;
  expiresAt: Date;
  user: UserRow;
  /** The units of the user's group (#26), null without a group. */
  groupUnits: string[] | null;
}

export async function insertSession(
  db: Db,
  values: {
    tokenHash: string;
    userId: number;
    createdAt: Date;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<number> {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  if (!row) throw new Error('insert sessions returned nothing');
  return row.id;
}

/** The live session of a token hash, with its user; expired sessions are not returned. */
export async function findLiveSession(db: Db, tokenHash: string, now: Date): Promise<SessionWithUser | undefined> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      user: users,
      groupUnits: groups.units,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(groups, eq(groups.id, users.groupId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

export async function extendSession(db: Db, sessionId: number, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user but one (password change keeps the caller signed in). */
export async function deleteOtherSessions(db: Db, userId: number, keepSessionId: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}

/** How long login attempts are kept: the lockout reads minutes of them; a month serves an investigation. */
export const LOGIN_ATTEMPTS_KEPT_MS = 30 * 24 * 3_600_000;

/**
 * Removes what can no longer be used: expired sessions, login attempts older than LOGIN_ATTEMPTS_KEPT_MS and
 * phone codes a day past their expiry. Run at start and hourly (app.ts); the tables would otherwise grow with
 * every sign-in for ever. Returns how many rows of each went.
 */
export async function purgeExpiredAuthRows(
  db: Db,
  now: Date,
): Promise<{ sessions: number; loginAttempts: number; phoneCodes: number }> {
  const gone = await db.delete(sessions).where(sql`${sessions.expiresAt} <= ${now}`).returning({ id: sessions.id });
  const attempts = await db
    .delete(loginAttempts)
    .where(sql`${loginAttempts.createdAt} < ${new Date(now.getTime() - LOGIN_ATTEMPTS_KEPT_MS)}`)
    .returning({ id: loginAttempts.id });
  const codes = await db
    .delete(phoneVerifications)
    .where(sql`${phoneVerifications.expiresAt} < ${new Date(now.getTime() - 24 * 3_600_000)}`)
    .returning({ id: phoneVerifications.id });
  return { sessions: gone.length, loginAttempts: attempts.length, phoneCodes: codes.length };
}

export async function insertLoginAttempt(db: Db, email: string, ip: string | null, succeeded: boolean): Promise<void> {
  await db.insert(loginAttempts).values({ email, ip, succeeded: succeeded ? 1 : 0 });
}

/**
 * Failed attempts on an account from one address since that address's last success there, within the window
 * (#18: the lock is per account and address, so another address's failures never lock the owner out).
 */
export async function countRecentFailures(
  db: Db,
  email: string,
  ip: string | null,
  since: Date,
): Promise<{ failures: number; oldest: Date | null }> {
  const fromIp = ip === null ? isNull(loginAttempts.ip) : eq(loginAttempts.ip, ip);
  const [lastSuccess] = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.email, email), fromIp, eq(loginAttempts.succeeded, 1), gt(loginAttempts.createdAt, since)),
    )
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  const from = lastSuccess && lastSuccess.at > since ? lastSuccess.at : since;
  const [row] = await db
    .select({ failures: count(), oldest: sql<string | null>`min(${loginAttempts.createdAt})` })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.email, email), fromIp, eq(loginAttempts.succeeded, 0), gt(loginAttempts.createdAt, from)),
    );
  return { failures: Number(row?.failures ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}
export async function insertPhoneVerification(
  db: Db,
  values: { userId: number; phone: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(phoneVerifications).values(values);
}

/** The newest unused code of a user (expired or not: the caller decides). */
export async function findLatestPhoneVerification(db: Db, userId: number) {
  const [row] = await db
    .select()
    .from(phoneVerifications)
    .where(and(eq(phoneVerifications.userId, userId), isNull(phoneVerifications.consumedAt)))
    .orderBy(desc(phoneVerifications.createdAt), desc(phoneVerifications.id))
    .limit(1);
  return row;
}

export async function countPhoneAttempt(db: Db, id: number): Promise<void> {
  await db
    .update(phoneVerifications)
    .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
    .where(eq(phoneVerifications.id, id));
}

export async function consumePhoneVerifications(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(phoneVerifications)
    .set({ consumedAt: now })
    .where(and(eq(phoneVerifications.userId, userId), isNull(phoneVerifications.consumedAt)));
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
