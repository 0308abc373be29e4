import { DownOutlined, WarningFilled } from '@ant-design/icons';
import { type Alert, alertDetails, alertHeadline, alertsByStation, type Language } from '@flood/domain';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FirstView, releaseFirstView } from '../../../app/layout/first-view';
import { useMapPath } from '../../../components/use-map-path';
import { usePublicUnit } from '../../../lib/area/public-unit';
import { DISTRICT_TIME_ZONE } from '../../../lib/format/date';
import { SUBSCRIBE_PATH } from '../../subscriptions';
import { useWarningsInForce, WarningLine } from '../../warnings';
import { useActiveAlerts } from '../api/alerts-api';
import { LevelBadge } from './alert-level';

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

/** One station's line: the level of its most severe warning, each warning's sentence, the place and a map link. */
function StationLine({
  alerts,
  hidden,
  mapTo,
  lang,
}: {
  alerts: Alert[];
  hidden: boolean;
  mapTo: string;
  lang: Language;
}) {
  const { t } = useTranslation();
  const top = alerts[0]!;
  return (
    <li className="alert-line" data-testid={`alert-${top.stationCode}`} hidden={hidden}>
      <WarningFilled aria-hidden className="alert-icon" />
      <LevelBadge level={top.level} />
      <span className="alert-text">
        {alerts.map((alert) => {
          const value = alertValueText(alert, lang);
          return (
            <span key={alert.id} className="alert-item">
              <span className="alert-message">
                {alertHeadline(alert.kind, alert.stationName, alert.level, lang, alert.threshold)}
              </span>
              {value && <span className="alert-value">{value}</span>}
            </span>
          );
        })}
      </span>
      {top.positionText && <span className="alert-position">{top.positionText}</span>}
      <Link className="alert-link" to={mapTo}>
        {t('alerts.viewMap')}
      </Link>
    </li>
  );
}

/**
 * The open warnings under the header, summarised so that the page keeps its space however many there are: first
 * the warnings officers issued (#23) that are in force, most severe first, then one line per station (its
 * automatic alerts together), most severe first (`compareAlertSeverity`); collapsed to the first line and 'và N
 * cảnh báo khác', which opens the others in a list of limited height that scrolls on its own; and one link to the
 * sign-up for warnings ('Đăng ký nhận cảnh báo', #24). Nothing when all is calm.
 */
export function AlertBanner() {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const { data } = useActiveAlerts();
  const mapPath = useMapPath();
  const { path } = usePublicUnit();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const stations = useMemo(() => alertsByStation(data ?? []), [data]);
  const warnings = useWarningsInForce();
  const lines = warnings.length + stations.length;
  const { pathname } = useLocation();
  const loaded = data !== undefined;
  useEffect(() => {
    if (loaded) releaseFirstView('banner');
  }, [loaded]);
  // The server's banner of this page while the warnings load, exactly as it was (#25).
  if (!loaded) return <FirstView part="banner" path={pathname} fallback={null} />;
  if (!lines) return null;
  const others = lines - 1;
  const open = expanded && others > 0;
  return (
    <section
      className={open ? 'alert-banner alert-banner-open' : 'alert-banner'}
      role="alert"
      aria-live="assertive"
      aria-label={t('alerts.title')}
      data-testid="alert-banner"
    >
      <div className="alert-banner-inner">
        <ul id={listId} className="alert-list" data-testid="alert-list">
          {warnings.map((warning, i) => (
            <WarningLine key={`w${warning.id}`} warning={warning} hidden={i > 0 && !open} lang={lang} />
          ))}
          {stations.map((station, i) => (
            <StationLine
              key={station.stationId}
              alerts={station.alerts}
              hidden={i + warnings.length > 0 && !open}
              mapTo={mapPath(station.alerts[0]!.stationCode)}
              lang={lang}
            />
          ))}
        </ul>
        <div className="alert-banner-actions">
          {others > 0 && (
            <button
              type="button"
              className="alert-toggle"
              aria-expanded={open}
              aria-controls={listId}
              onClick={() => setExpanded(!open)}
              data-testid="alert-banner-toggle"
            >
              {open ? t('alerts.collapse') : t('alerts.more', { count: others })}
              <DownOutlined aria-hidden className="alert-toggle-icon" />
            </button>
          )}
          {/* One link for the whole banner (#24): the warnings of one's commune, by phone or e-mail. */}
          <Link className="alert-subscribe" to={path(SUBSCRIBE_PATH)} data-testid="alert-subscribe">
            {t('page.subscribe')}
          </Link>
        </div>
      </div>
    </section>
  );
}
