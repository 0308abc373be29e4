import { SUBSCRIPTION_PATHS } from '@flood/domain';

/** The public pages of the residents' subscriptions (#24), as the domain's route table has them. */
export const SUBSCRIBE_PATH = SUBSCRIPTION_PATHS.subscribe;
export const MANAGE_PATH = SUBSCRIPTION_PATHS.manage;
export const CONFIRM_EMAIL_PATH = SUBSCRIPTION_PATHS.confirmEmail;

/** The manage page of one subscription, its token in the fragment. */
export function managePathOf(token: string): string {
  return `${MANAGE_PATH}#t=${encodeURIComponent(token)}`;
}
