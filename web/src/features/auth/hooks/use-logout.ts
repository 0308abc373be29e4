import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearSession } from '../../../lib/session/session-store';
import { toast } from '../../../lib/toast/toast';
import { logout } from '../api/auth-api';

/** Signs out: tells the server (its failure is ignored), clears the session, goes home, toasts. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // the local session is cleared anyway
    }
    clearSession();
    navigate('/home');
    // The public shell's toast: the signed-in menu (and antd's toast holder with it) is gone by now.
    toast.success(t('auth.logoutSuccess'));
  }, [navigate, t]);
}
