import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A link that opens in a new tab, saying so to screen readers (related news, attachments, documents). */
export function NewTabLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a href={href} className={className} target="_blank" rel="noopener">
      {children}
      <span className="news-sr-only"> {t('newsPublic.newTab')}</span>
    </a>
  );
}
