import { App, Button } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveAlerts } from '../../alerts/api/alerts-api';
import { pickAlertsToToast, type ToastedLevels } from '../model/alert-toasts';
import { alertToastText } from '../model/map-texts';

/**
 * Warning toasts of the open alerts: those open when the map is created, then each new alert or escalation
 * that the stream announces (the 30 s check while it is down) — once per alert and level.
 */
export function useAlertToasts(onShowStation: (stationCode: string) => void): void {
  const { notification } = App.useApp();
  const { t, i18n } = useTranslation();
  const { data } = useActiveAlerts();
  const toasted = useRef<ToastedLevels>(new Map());
  const show = useRef(onShowStation);
  show.current = onShowStation;

  useEffect(() => {
    if (!data) return;
    const picked = pickAlertsToToast(data, toasted.current);
    toasted.current = picked.toasted;
    const lang = i18n.language === 'en' ? 'en' : 'vi';
    for (const alert of picked.toast) {
      const key = `map-alert-${alert.id}-${alert.level}`;
      const { title, description } = alertToastText(t, alert, lang);
      notification.warning({
        key,
        title,
        description,
        role: 'alert',
        // Bottom right: the layers menu holds the top right corner.
        placement: 'bottomRight',
        className: 'map-alert-toast',
        actions: (
          <Button
            type="link"
            size="small"
            onClick={() => {
              notification.destroy(key);
              show.current(alert.stationCode);
            }}
          >
            {t('map.alertShowStation')}
          </Button>
        ),
        props: { 'data-testid': `map-alert-toast-${alert.stationCode}` },
      });
    }
  }, [data, notification, t, i18n.language]);
}
