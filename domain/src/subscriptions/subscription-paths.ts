/**
 * The public pages of the subscriptions: sign-up, the manage page (its token in the fragment, `#t=…`, so that it
 * never reaches a server log) and the e-mail's confirmation. The server's short link `/h/<token>` leads to the
 * manage page.
 */
export const SUBSCRIPTION_PATHS = {
  subscribe: '/dang-ky-canh-bao',
  manage: '/dang-ky-canh-bao/quan-ly',
  confirmEmail: '/dang-ky-canh-bao/xac-nhan',
} as const;
