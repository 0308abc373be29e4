import {
  type ChangePasswordBody,
  type ConfirmPhoneBody,
  type LoginBody,
  type LoginResponse,
  LoginResponseSchema,
  type ProfileBody,
  type UserDetail,
  UserDetailSchema,
} from '@flood/domain';
import { api } from '../../../lib/api/client';

/** ALTCHA challenge endpoint, given to the widget's `challenge` attribute. */
export const ALTCHA_CHALLENGE_URL = '/api/altcha-challenge';

/** Sign-in shows its own toast, so nothing is handled globally. */
export async function login(body: LoginBody): Promise<LoginResponse> {
  return LoginResponseSchema.parse(await api.post('/user-login', body, { errorHandling: 'none' }));
}

export async function fetchUserInfo(): Promise<UserDetail> {
  return UserDetailSchema.parse(await api.get('/user-info', { errorHandling: 'none' }));
}

/** The server revokes the token and writes the audit entry; a failure does not block signing out. */
export async function logout(): Promise<void> {
  await api.post('/user-logout', undefined, { errorHandling: 'none' });
}

export async function changePassword(body: ChangePasswordBody): Promise<void> {
  await api.put('/user-password', body, { errorHandling: 'no-toast' });
}

export async function updateProfile(body: ProfileBody): Promise<UserDetail> {
  return UserDetailSchema.parse(await api.put('/user-profile', body, { errorHandling: 'no-toast' }));
}

export async function requestPhoneCode(): Promise<void> {
  await api.post('/user-confirm-request', undefined, { errorHandling: 'no-toast' });
}

export async function confirmPhone(body: ConfirmPhoneBody): Promise<UserDetail> {
  return UserDetailSchema.parse(await api.post('/user-confirm', body, { errorHandling: 'no-toast' }));
}
