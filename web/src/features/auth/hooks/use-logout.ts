import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearSession } from '../../../lib/session/session-store';
import { logout } from '../api/auth-api';

/** Signs out: tells the server (its failure is ignored), clears the session, goes home, toasts. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { t } = useTranslation();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // the local session is cleared anyway
    }
    clearSession();
    navigate('/home');
    void message.success(t('auth.logoutSuccess'));
  }, [navigate, message, t]);
}
