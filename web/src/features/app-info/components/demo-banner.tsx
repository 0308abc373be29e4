import { ExperimentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session/session-store';
import { useAppInfo } from '../api/app-info-api';

/**
 * Whether the server's static shell (index.html, painted before the scripts ran) carried the banner: read once,
 * before React replaces the shell, so the banner stays in place until the app's info arrives instead of
 * vanishing for a moment and coming back (a layout shift).
 */
const SHELL_SAYS_DEMO =
  typeof document !== 'undefined' && document.querySelector('#root > .app-shell > .demo-banner') !== null;

/**
 * Says plainly, on every page, that the stations and readings are illustrative (demo mode); to signed-in staff
 * (the back office) also what demo mode does: which stations the simulator writes and where their alerts go.
 */
export function DemoBanner() {
  const { t } = useTranslation();
  const { data } = useAppInfo();
  const user = useSession();
  if (!(data ? data.demo : SHELL_SAYS_DEMO)) return null;
  return (
    <div className="demo-banner" role="note" data-testid="demo-banner">
      <ExperimentOutlined aria-hidden /> <strong>{t('demo.title')}</strong> — {t('demo.text')}
      {user && data && (
        <span className="demo-banner-staff" data-testid="demo-banner-staff">
          {' '}
          {t(data.demoAlertsToGateway ? 'demo.staffRealSms' : 'demo.staff')}
        </span>
      )}
    </div>
  );
}
