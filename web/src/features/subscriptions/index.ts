/**
 * What other parts of the web may use of the residents' subscriptions (#24): the paths of its pages (the header,
 * the warnings banner and the map link to the sign-up). Constants only: the shell imports this.
 */
export { CONFIRM_EMAIL_PATH, MANAGE_PATH, managePathOf, SUBSCRIBE_PATH } from './paths';
