import { GlobalOutlined } from '@ant-design/icons';
import type { Language } from '@flood/domain';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../lib/i18n';

/**
 * VI / EN: one tap switches to the other language (there are two), and the choice is kept in local
 * storage. The button names the language it switches to. A plain button rather than a dropdown menu: the
 * header is on every first load, and antd's Menu would add ~20 KB gzip to it.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const next: Language = lang === 'vi' ? 'en' : 'vi';
  const nextName = next === 'vi' ? t('header.languageVi') : t('header.languageEn');
  return (
    <button
      type="button"
      className="header-button"
      data-testid="lang-switch"
      lang={next}
      title={nextName}
      aria-label={`${t('header.language')}: ${nextName}`}
      onClick={() => setLanguage(next)}
    >
      <GlobalOutlined aria-hidden />
      {next.toUpperCase()}
    </button>
  );
}
