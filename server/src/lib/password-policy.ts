import { PASSWORD_MIN } from '@flood/domain';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from './errors';

let common: Set<string> | undefined;

/**
 * Whether a password is among the ~18,000 most common ones long enough for our policy (zxcvbn's ranked list of
 * leaked passwords, held locally: the portal runs on a closed network). ASVS 2.1.7.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN).map((p) => p.toLowerCase()),
  );
  return common.has(password.toLowerCase());
}

/** Refuses a new password that is on the common list, naming the form's field. */
export function assertPasswordNotCommon(password: string, field: string): void {
  if (!isCommonPassword(password)) return;
  const message = 'Mật khẩu quá phổ biến, dễ bị đoán. Vui lòng chọn mật khẩu khác';
  throw new AppError('VALIDATION_FAILED', `Dữ liệu không hợp lệ: ${field}`, [{ field, message }]);
}
