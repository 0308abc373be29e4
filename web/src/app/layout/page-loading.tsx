import { useTranslation } from 'react-i18next';

/** A page on its way (lazy chunk, first data): a CSS spinner, no antd in the shell. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
