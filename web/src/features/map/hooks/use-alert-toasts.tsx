import './alert-toasts.css';
import { Button, notification } from 'antd';
import { type ReactElement, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { alertToastText } from '../../../map-kit/model/map-texts';
import { useActiveAlerts } from '../../alerts';
import { MAX_ALERT_TOASTS, pickAlertsToToast, type ToastedLevels } from '../model/alert-toasts';

/** A warning toast stays this long (s): long enough to read its two lines; the banner keeps every warning. */
export const ALERT_TOAST_SECONDS = 10;

/**
 * Warning toasts of what is new while the map is open: each alert that opens or escalates after the page
 * loaded (the stream announces it; the 30 s check while it is down), once per alert and level, most severe on
 * top; never the warnings already open when the map loads (the banner lists those). Returns the toasts'
 * holder, to render in the page.
 */
export function useAlertToasts(onShowStation: (stationCode: string) => void): ReactElement {
  // Its own holder: side by side (not stacked, where only the front card can be tapped), at most 3.
  const [api, holder] = notification.useNotification({
    placement: 'bottomRight',
    stack: false,
    maxCount: MAX_ALERT_TOASTS,
    duration: ALERT_TOAST_SECONDS,
  });
  const { t, i18n } = useTranslation();
  const { data } = useActiveAlerts();
  const seen = useRef<ToastedLevels>(null);
  const show = useRef(onShowStation);
  show.current = onShowStation;

  useEffect(() => {
    if (!data) return;
    const picked = pickAlertsToToast(data, seen.current);
    seen.current = picked.toasted;
    const lang = i18n.language === 'en' ? 'en' : 'vi';
    // Bottom right, each new toast goes under the earlier ones: the most severe, shown first, is on top.
    for (const alert of picked.toast.slice(0, MAX_ALERT_TOASTS)) {
      const key = `map-alert-${alert.id}-${alert.level}`;
      const { title, description } = alertToastText(t, alert, lang);
      api.warning({
        key,
        title,
        description,
        role: 'alert',
        className: 'map-alert-toast',
        actions: (
          <Button
            type="link"
            className="map-alert-toast-show"
            onClick={() => {
              api.destroy(key);
              show.current(alert.stationCode);
            }}
          >
            {t('map.alertShowStation')}
          </Button>
        ),
        props: { 'data-testid': `map-alert-toast-${alert.stationCode}` },
      });
    }
  }, [data, api, t, i18n.language]);

  return holder;
}
