import { WarningFilled } from '@ant-design/icons';
import { type Alert, formatNumberVi, formatWaterLevel, WATER_MARKER_COLOURS } from '@flood/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { textOn } from '../../stations/components/reading-colours';
import { useActiveAlerts } from '../api/alerts-api';

const LEVEL_COLOURS: Record<number, string> = {
  1: WATER_MARKER_COLOURS.level1,
  2: WATER_MARKER_COLOURS.level2,
  3: WATER_MARKER_COLOURS.level3,
};

/** The measured value with its unit: water in metres ('0,62 m'), rain in mm ('45,5 mm/h', '120,0 mm'). */
export function alertValueText(alert: Alert): string | null {
  if (alert.kind === 'STATION_SILENT') return null;
  if (alert.stationKind === 'water') return `${formatWaterLevel(alert.value)} m`;
  return `${formatNumberVi(alert.value, 1)} ${alert.kind === 'RAIN_INTENSITY' ? 'mm/h' : 'mm'}`;
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
  const { t } = useTranslation();
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
          const value = alertValueText(alert);
          // The server's sentence often quotes the value already: do not say it twice.
          const showValue = value !== null && !alert.message.includes(value);
          return (
            <li key={alert.id} className="alert-line" data-testid={`alert-${alert.stationCode}`}>
              <WarningFilled aria-hidden className="alert-icon" />
              <LevelBadge level={alert.level} />
              <span className="alert-message">{alert.message}</span>
              {showValue && <span className="alert-value">{value}</span>}
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
