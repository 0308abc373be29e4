import { ApiError } from '../../../lib/api/client';
import { clearSession } from '../../../lib/session/session-store';

/**
 * What to say when an export or import of subscribers failed (the calls are not handled globally, see sms-api):
 * a dead session signs out (the access guard then leaves the page) and says nothing; the server's refusal in its
 * own words — only the system account may (403), no such commune (404), no PUBLIC_URL for the invitation's link
 * (409), a bad request (400); an outage says it passes; anything else is the generic text.
 */
export function refusalText(error: unknown, generic: string, unavailable: string): string | null {
  if (!(error instanceof ApiError)) return generic;
  if (error.status === 401) {
    clearSession();
    return null;
  }
  if (error.code === 'UNAVAILABLE') return unavailable;
  if ([400, 403, 404, 409].includes(error.status)) return error.body.message;
  return generic;
}
