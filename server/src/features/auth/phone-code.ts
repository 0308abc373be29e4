import { AppError } from '../../lib/errors';

/**
 * The rules of a phone code, one place for the account's phone verification and the residents' subscriptions
 * (#24): how many wrong guesses a code takes, how long before a new one may be sent, and what a wrong code says.
 */

/** Wrong guesses allowed per phone code before a new code must be requested. */
export const PHONE_CODE_MAX_ATTEMPTS = 5;

/** Refuses a new code (429, saying how long to wait) while the resend interval since the last one runs. */
export function assertCodeResendAllowed(lastSentAt: Date | null | undefined, now: Date, resendSeconds: number): void {
  if (!lastSentAt) return;
  const waitMs = lastSentAt.getTime() + resendSeconds * 1000 - now.getTime();
  if (waitMs > 0)
    throw new AppError('RATE_LIMITED', `Vui lòng đợi ${Math.ceil(waitMs / 1000)} giây trước khi yêu cầu mã mới.`);
}

/** A wrong, expired or missing code (field `code`); `tooMany`: the code took its wrong guesses. */
export function phoneCodeRefused(tooMany = false): AppError {
  const message = tooMany
    ? 'Nhập sai quá nhiều lần, vui lòng yêu cầu mã mới'
    : 'Mã xác thực không đúng hoặc đã hết hạn';
  return new AppError('INVALID_CODE', tooMany ? message : undefined, [{ field: 'code', message }]);
}
