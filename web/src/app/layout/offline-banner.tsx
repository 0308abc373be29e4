import { useTranslation } from 'react-i18next';
import { cachedAtText, useOfflineState } from '../../lib/offline/offline-state';

/**
 * The portal offline (#25, point 2): while a page shows the service worker's copies of the latest readings or
 * the warnings, 'Dữ liệu lúc HH:mm DD/MM — đang mất kết nối' (when the oldest copy was fetched, on the district's
 * clock); and once a new version of the app has taken over, 'Đã có phiên bản mới — Tải lại'.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const { cachedAt, updateReady } = useOfflineState();
  return (
    <>
      {cachedAt !== null && (
        <div className="offline-banner" role="status" data-testid="offline-banner">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="18"
            height="18"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M2 8.8a15 15 0 0 1 4.2-2.6M10.7 5.1A15 15 0 0 1 22 8.8M5 12.9a10 10 0 0 1 3.2-2M15.9 11a10 10 0 0 1 3.1 1.9M8.5 16.4a5 5 0 0 1 7 0M12 20h.01M3 3l18 18" />
          </svg>
          <span>{t('offline.cached', { time: cachedAtText(cachedAt) })}</span>
        </div>
      )}
      {updateReady && (
        <div className="update-banner" role="status" data-testid="update-banner">
          <span>{t('offline.updateReady')}</span> —{' '}
          <button type="button" className="update-banner-reload" onClick={() => window.location.reload()}>
            {t('offline.reload')}
          </button>
        </div>
      )}
    </>
  );
}
