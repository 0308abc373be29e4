import { useEffect, useRef } from 'react';
import { ApiError } from '../../../lib/api/client';
import { clearSession, getSession, updateUserDetail } from '../../../lib/session/session-store';
import { fetchUserInfo } from '../api/auth-api';

/** On app start with a stored token, refreshes the user (permissions may have changed since sign-in). */
export function useRefreshUserOnStart(onSignedOut: () => void): void {
  const signedOut = useRef(onSignedOut);
  signedOut.current = onSignedOut;

  useEffect(() => {
    if (!getSession()?.token) return;
    let cancelled = false;
    fetchUserInfo()
      .then((detail) => {
        if (!cancelled) updateUserDetail(detail);
      })
      .catch((error: unknown) => {
        if (cancelled || !(error instanceof ApiError) || error.status !== 401) return;
        clearSession();
        signedOut.current();
      });
    return () => {
      cancelled = true;
    };
  }, []);
}
