/** The wait between two codes when the server does not say (its PHONE_CODE_RESEND_SECONDS default). */
export const RESEND_SECONDS = 60;

/**
 * The seconds a 429's Vietnamese message asks to wait ('Vui lòng đợi 42 giây…', '… sau 2 phút'), or the default
 * interval when it names none.
 */
export function waitSecondsOf(message: string, fallback = RESEND_SECONDS): number {
  const seconds = /(\d+)\s*giây/i.exec(message);
  if (seconds) return Number(seconds[1]);
  const minutes = /(\d+)\s*phút/i.exec(message);
  if (minutes) return Number(minutes[1]) * 60;
  return fallback;
}
