/**
 * The public pages of the residents' subscriptions (#24). The server's short link `/h/:token` redirects to the
 * manage page with the token in the fragment (`#t=…`), so it never reaches a server log; the e-mail's link brings
 * its own token to the confirmation page the same way.
 */
export const SUBSCRIBE_PATH = '/dang-ky-canh-bao';
export const MANAGE_PATH = '/dang-ky-canh-bao/quan-ly';
export const CONFIRM_EMAIL_PATH = '/dang-ky-canh-bao/xac-nhan';

/** The manage page of one subscription, its token in the fragment. */
export function managePathOf(token: string): string {
  return `${MANAGE_PATH}#t=${encodeURIComponent(token)}`;
}
