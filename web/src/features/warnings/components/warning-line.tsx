import { WarningFilled } from '@ant-design/icons';
import { type Language, type PublicWarning, WARNING_KIND_LABELS } from '@flood/domain';
import { useTranslation } from 'react-i18next';
import { areaNames, headlineOf, hourThenDate, publicWarningPath } from '../model/warnings-in-force';
import { SeverityBadge } from './severity-badge';

/**
 * One officer's warning in the banner: its severity, kind, headline, area and until when, and 'Chi tiết', a plain
 * link to its public page (served as HTML by the server, readable without the app).
 */
export function WarningLine({ warning, hidden, lang }: { warning: PublicWarning; hidden: boolean; lang: Language }) {
  const { t } = useTranslation();
  const headline = headlineOf(warning, lang);
  return (
    <li className="alert-line warning-line" data-testid={`warning-${warning.id}`} hidden={hidden}>
      <WarningFilled aria-hidden className="alert-icon" />
      <SeverityBadge kind={warning.kind} scale={warning.severityScale} severity={warning.severity} lang={lang} />
      <span className="alert-text">
        <span className="alert-item">
          <span className="warning-kind">{WARNING_KIND_LABELS[warning.kind][lang]}:</span>{' '}
          <span className="alert-message">{headline}</span>
        </span>
        <span className="alert-item warning-area">{areaNames(warning) ?? t('warnings.drawnArea')}</span>
        <span className="alert-item warning-until">
          {t('warnings.until', { time: hourThenDate(warning.expiresAt) })}
        </span>
      </span>
      <a
        className="alert-link"
        href={publicWarningPath(warning.id)}
        aria-label={t('warnings.detailsOf', { headline })}
        data-testid={`warning-link-${warning.id}`}
      >
        {t('warnings.details')}
      </a>
    </li>
  );
}
