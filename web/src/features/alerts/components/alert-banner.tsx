import { WarningFilled } from '@ant-design/icons';
import { type Alert, alertDetails, alertHeadline, type Language, WATER_MARKER_COLOURS } from '@flood/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DISTRICT_TIME_ZONE } from '../../../lib/format/date';
import { textOn } from '../../stations/components/reading-colours';
import { useActiveAlerts } from '../api/alerts-api';

const LEVEL_COLOURS: Record<number, string> = {
  1: WATER_MARKER_COLOURS.level1,
  2: WATER_MARKER_COLOURS.level2,
  3: WATER_MARKER_COLOURS.level3,
};

/**
 * The labelled values of a line in the reader's language: the value that raised it and the current one, the
 * trend and since when ('đỉnh 3,32 m · hiện 1,18 m · đang xuống · từ 22/11/2026 14:05'). A warning stays a
 * while after the value falls, so the line must not read its worst moment as the present.
 */
export function alertValueText(alert: Alert, lang: Language): string {
  // Each labelled part stays whole on a narrow phone ('đỉnh 3,32 m'); the line breaks only between parts.
  return alertDetails(alert, lang, DISTRICT_TIME_ZONE)
    .map((part) => part.replaceAll(' ', '\u00a0'))
    .join(' · ');
}

/** The level badge: Cấp I yellow, Cấp II orange, Cấp III red. */
function LevelBadge({ level }: { level: number }) {
  const { t } = useTranslation();
  const colour = LEVEL_COLOURS[level] ?? WATER_MARKER_COLOURS.level3;
  return (
    <span className="alert-level" style={{ background: colour, color: textOn(colour) }}>
      {t(`alerts.level${Math.min(3, Math.max(1, level)) as 1 | 2 | 3}`)}
    </span>
  );
}

/** The open warnings under the header, one line each (wrapping on small screens); nothing when all is calm. */
export function AlertBanner() {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const { data } = useActiveAlerts();
  if (!data?.length) return null;
  return (
    <section
      className="alert-banner"
      role="alert"
      aria-live="assertive"
      aria-label={t('alerts.title')}
      data-testid="alert-banner"
    >
      <ul className="alert-list">
        {data.map((alert) => {
          const value = alertValueText(alert, lang);
          return (
            <li key={alert.id} className="alert-line" data-testid={`alert-${alert.stationCode}`}>
              <WarningFilled aria-hidden className="alert-icon" />
              <LevelBadge level={alert.level} />
              <span className="alert-message">{alertHeadline(alert.kind, alert.stationName, alert.level, lang)}</span>
              <span className="alert-value">{value}</span>
              {alert.positionText && <span className="alert-position">{alert.positionText}</span>}
              <Link className="alert-link" to={`/maps?station=${encodeURIComponent(alert.stationCode)}`}>
                {t('alerts.viewMap')}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
