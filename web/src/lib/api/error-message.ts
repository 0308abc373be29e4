import type { ErrorCode } from '@flood/domain';
import { ApiError } from './client';

/**
 * The text to toast for a failed call made with `errorHandling: 'no-toast'` outside a form: nothing for
 * 401/403 (handled globally), the server's message for the listed codes, else the fallback.
 */
export function apiErrorText(error: unknown, fallback: string, showMessageOf: ErrorCode[] = []): string | null {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 401 || error.status === 403) return null;
  return showMessageOf.includes(error.code) ? error.body.message : fallback;
}
