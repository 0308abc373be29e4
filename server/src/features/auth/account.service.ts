import {
  type AreaSettings,
  areaTexts,
  type ChangePasswordBody,
  type ConfirmPhoneBody,
  DEFAULT_AREA,
  PHONE_CODE_LENGTH,
  type ProfileBody,
  type UserDetail,
} from '@flood/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { type Actor, requireActor } from '../../lib/actor';
import { hashPassword, randomDigits, sha256, verifyPassword } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { assertPasswordNotCommon } from '../../lib/password-policy';
import type { SmsGateway } from '../../lib/sms-gateway';
import { AUDIT, recordAudit } from '../audit/audit.service';
import { findUserById, toUserDetail, updateUser } from '../users/users.repository';
import {
  consumePhoneVerifications,
  countPhoneAttempt,
  deleteOtherSessions,
  findLatestPhoneVerification,
  insertPhoneVerification,
} from './auth.repository';
import { createLockout } from './lockout';
import { assertCodeResendAllowed, PHONE_CODE_MAX_ATTEMPTS, phoneCodeRefused } from './phone-code';

export interface AccountServiceDeps {
  db: Db;
  config: Pick<
    Config,
    'PHONE_CODE_TTL_MINUTES' | 'PHONE_CODE_RESEND_SECONDS' | 'LOGIN_MAX_FAILURES' | 'LOGIN_LOCK_MINUTES'
  >;
  sms: SmsGateway;
  now: () => Date;
  /** The area's settings (#26): the texts that name the portal. Unset: the built-in default. */
  area?: () => Promise<AreaSettings>;
}

const codeHash = (userId: number, code: string) => sha256(`${userId}:${code}`);

/** The signed-in user's own account: details, password, profile and phone verification. */
export function createAccountService(deps: AccountServiceDeps) {
  const { db, config, sms, now } = deps;
  const lockout = createLockout({ db, config, now });

  async function loadSelf(actor: Actor | undefined) {
    const a = requireActor(actor);
    const user = await findUserById(db, a.userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    return { actor: a, user };
  }

  return {
    async userInfo(actor: Actor | undefined): Promise<UserDetail> {
      const { actor: a, user } = await loadSelf(actor);
      return toUserDetail(user, a.units);
    },

    /**
     * Checks the old password, stores the new one and ends the user's other sessions. A wrong old password counts
     * towards the account's login lock, so a stolen session cannot be used to guess the password.
     */
    async changePassword(actor: Actor | undefined, body: ChangePasswordBody, ip: string | null = null): Promise<void> {
      const { actor: a, user } = await loadSelf(actor);
      await lockout.assertNotLocked(user.email, ip);
      if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
        await lockout.recordFailure(user.email, ip);
        throw new AppError('WRONG_PASSWORD', undefined, [{ field: 'oldPassword', message: 'Mật khẩu cũ không đúng' }]);
      }
      assertPasswordNotCommon(body.newPassword, 'newPassword');
      const passwordHash = await hashPassword(body.newPassword);
      await db.transaction(async (tx) => {
        await updateUser(tx, user.id, { passwordHash });
        await deleteOtherSessions(tx, user.id, a.sessionId);
        await recordAudit(tx, a, AUDIT.changePassword);
      });
    },

    /** Name and phone; a new phone number must be verified again. */
    async updateProfile(actor: Actor | undefined, body: ProfileBody): Promise<UserDetail> {
      const { actor: a, user } = await loadSelf(actor);
      const phoneChanged = body.phone !== user.phone;
      const row = await db.transaction(async (tx) => {
        const updated = await updateUser(tx, user.id, {
          name: body.name,
          phone: body.phone,
          ...(phoneChanged ? { phoneVerified: false } : {}),
        });
        await recordAudit(tx, { userId: a.userId, name: body.name }, AUDIT.updateProfile);
        return updated;
      });
      return toUserDetail(row, a.units);
    },

    /** Sends a fresh 6-digit code to the user's phone; at most one per resend interval. */
    async requestPhoneCode(actor: Actor | undefined): Promise<void> {
      const { user } = await loadSelf(actor);
      if (!user.phone) throw new AppError('PHONE_MISSING');
      const latest = await findLatestPhoneVerification(db, user.id);
      const t = now();
      assertCodeResendAllowed(latest?.createdAt, t, config.PHONE_CODE_RESEND_SECONDS);
      const code = randomDigits(PHONE_CODE_LENGTH);
      await db.transaction(async (tx) => {
        await consumePhoneVerifications(tx, user.id, t);
        await insertPhoneVerification(tx, {
          userId: user.id,
          phone: user.phone!,
          codeHash: codeHash(user.id, code),
          expiresAt: new Date(t.getTime() + config.PHONE_CODE_TTL_MINUTES * 60_000),
        });
      });
      // Unaccented text keeps the SMS in the GSM-7 alphabet: one 160-character segment.
      await sms.send({
        to: user.phone,
        purpose: 'PHONE_VERIFICATION',
        body: areaTexts(await (deps.area?.() ?? DEFAULT_AREA)).staffPhoneCodeSms(code, config.PHONE_CODE_TTL_MINUTES),
      });
    },

    /** Marks the phone verified when the code matches the latest live one. */
    async confirmPhone(actor: Actor | undefined, body: ConfirmPhoneBody): Promise<UserDetail> {
      const { actor: a, user } = await loadSelf(actor);
      const pending = await findLatestPhoneVerification(db, user.id);
      const t = now();
      if (!pending || pending.expiresAt <= t || pending.phone !== user.phone) throw phoneCodeRefused();
      if (pending.attempts >= PHONE_CODE_MAX_ATTEMPTS) throw phoneCodeRefused(true);
      if (pending.codeHash !== codeHash(user.id, body.code)) {
        await countPhoneAttempt(db, pending.id);
        throw phoneCodeRefused();
      }
      const row = await db.transaction(async (tx) => {
        await consumePhoneVerifications(tx, user.id, t);
        const updated = await updateUser(tx, user.id, { phoneVerified: true });
        await recordAudit(tx, a, AUDIT.verifyPhone);
        return updated;
      });
      return toUserDetail(row, a.units);
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
