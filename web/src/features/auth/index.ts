/** What other features may use of signing in: an account's details (the user form). */
export { fetchUserInfo } from './api/auth-api';
