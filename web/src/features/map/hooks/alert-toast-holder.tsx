import { type Alert, compareAlertSeverity } from '@flood/domain';
import { Button, notification } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { alertToastText } from '../../../map-kit/model/map-texts';
import { MAX_ALERT_TOASTS } from '../model/alert-toasts';

/** A warning toast stays this long (s): long enough to read its two lines; the banner keeps every warning. */
export const ALERT_TOAST_SECONDS = 10;

export interface AlertToastHolderProps {
  /** Every alert to toast since the map opened, each batch most severe first; the holder shows each once. */
  alerts: readonly Alert[];
  onShowStation: (stationCode: string) => void;
}

/**
 * The warning toasts themselves (antd's notification, bottom right): loaded with the antd scope when the map
 * first has one to show (use-alert-toasts.tsx), so the map's first load carries no antd. Each batch is shown
 * once; a change of language does not show it again.
 */
export default function AlertToastHolder({ alerts, onShowStation }: AlertToastHolderProps) {
  // Its own holder: side by side (not stacked, where only the front card can be tapped), at most 3.
  const [api, holder] = notification.useNotification({
    placement: 'bottomRight',
    stack: false,
    maxCount: MAX_ALERT_TOASTS,
    duration: ALERT_TOAST_SECONDS,
  });
  const { t, i18n } = useTranslation();
  const show = useRef(onShowStation);
  show.current = onShowStation;
  const shown = useRef(new Set<string>());

  useEffect(() => {
    const lang = i18n.language === 'en' ? 'en' : 'vi';
    const keyOf = (alert: Alert) => `map-alert-${alert.id}-${alert.level}`;
    // Those not shown yet (a batch that came while this loaded too), most severe first; the ones past the 3 shown
    // are passed over for good (the banner lists every warning).
    const fresh = alerts.filter((alert) => !shown.current.has(keyOf(alert))).sort(compareAlertSeverity);
    for (const alert of fresh) shown.current.add(keyOf(alert));
    // Bottom right, each new toast goes under the earlier ones: the most severe, shown first, is on top.
    for (const alert of fresh.slice(0, MAX_ALERT_TOASTS)) {
      const key = keyOf(alert);
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
  }, [alerts, api, t, i18n.language]);

  return holder;
}
