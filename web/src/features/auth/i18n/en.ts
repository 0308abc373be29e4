import type { TextsOf } from '../../../lib/i18n/texts-of';
import type { authVi } from './vi';

/**
 * English texts of sign-in, password, profile and phone verification: the keys of `vi.ts`, no more, no fewer (checked
 * by the type).
 */
export const authEn: TextsOf<typeof authVi> = {
  auth: {
    loginTitle: 'Sign in',
    email: 'Email',
    password: 'Password',
    loginSubmit: 'Sign in',
    loginSuccess: 'Signed in successfully',
    loginFailed: 'Sign-in failed',
    humanCheckHint: 'Please confirm you are not a robot before signing in.',
    logoutSuccess: 'Signed out successfully',
    changePasswordTitle: 'Change password',
    oldPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    changePasswordSuccess: 'Password changed successfully',
    passwordMismatch: 'The confirmation does not match',
    profileTitle: 'Update profile',
    name: 'Full name',
    phone: 'Phone number',
    profileSuccess: 'Profile updated successfully',
    verifyTitle: 'Verify phone number',
    verifyIntro: 'A 6-digit code will be sent by SMS to {{phone}}.',
    verifyNoPhone: 'Your account has no phone number. Please update your profile first.',
    sendCode: 'Send code',
    codeSent: 'A verification code has been sent to your phone',
    code: 'Verification code',
    confirm: 'Confirm',
    verifySuccess: 'Phone number verified',
  },
};
