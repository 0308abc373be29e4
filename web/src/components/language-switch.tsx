import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Language, setLanguage } from '../lib/i18n';

/** VI / EN switch; the choice is kept in local storage. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: [
          { key: 'vi', label: <span lang="vi">{t('header.languageVi')}</span> },
          { key: 'en', label: <span lang="en">{t('header.languageEn')}</span> },
        ],
        onClick: ({ key }) => setLanguage(key as Language),
      }}
    >
      <Button
        type="text"
        className="header-button"
        icon={<GlobalOutlined />}
        data-testid="lang-switch"
        aria-label={`${t('header.language')}: ${lang === 'vi' ? t('header.languageVi') : t('header.languageEn')}`}
      >
        {lang.toUpperCase()}
      </Button>
    </Dropdown>
  );
}
