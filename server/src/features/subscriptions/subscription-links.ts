import { createHmac, timingSafeEqual } from 'node:crypto';
import { SUBSCRIPTION_PATHS } from '@flood/domain';
import { randomToken, sha256 } from '../../lib/crypto';

/** Length of a manage link's signature (base64url, 60 bits): unguessable behind the routes' rate limits, short in an SMS. */
const SIGNATURE_CHARS = 10;

const signature = (key: string, id: number, nonce: string) =>
  createHmac('sha256', key).update(`subscription:${id}:${nonce}`).digest('base64url').slice(0, SIGNATURE_CHARS);

/**
 * The signed token of a subscription's manage link (#24): '<id in base 36>.<signature>'. Anyone holding it may
 * change or end that subscription without signing in, as the messages' way out needs; a new nonce voids it.
 */
export function manageToken(key: string, subscriber: { id: number; linkNonce: string }): string {
  return `${subscriber.id.toString(36)}.${signature(key, subscriber.id, subscriber.linkNonce)}`;
}

/** The subscription id a token names, before its signature is checked against the row's nonce. */
export function tokenSubscriberId(token: string): number | null {
  const m = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{10})$/.exec(token);
  if (!m) return null;
  const id = Number.parseInt(m[1]!, 36);
  return Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? id : null;
}

/** Whether a token is the one signed for this subscription (in constant time). */
export function tokenMatches(key: string, token: string, subscriber: { id: number; linkNonce: string }): boolean {
  const expected = Buffer.from(manageToken(key, subscriber));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A fresh nonce for a new subscription. */
export const newLinkNonce = () => randomToken(9);

/** The links of a subscription: the manage page (token in the fragment, never in a server log) and the short one. */
export function subscriptionLinks(base: string, token: string): { root: string; manage: string; short: string } {
  const root = base.replace(/\/+$/, '');
  return { root, manage: `${root}${SUBSCRIPTION_PATHS.manage}#t=${token}`, short: `${root}/h/${token}` };
}

/** A subscription's phone code as stored (hashed with its id: a code of one subscription confirms no other). */
export const phoneCodeHash = (subscriberId: number, code: string) => sha256(`subscriber:${subscriberId}:${code}`);
