import { AppstoreOutlined, DownOutlined } from '@ant-design/icons';
import { permittedViews, type ViewKey } from '@flood/domain';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type StoredUser, setSelectedView } from '../../../lib/session/session-store';

interface ViewSwitchProps {
  session: StoredUser;
  /** The view of the back-office page being shown, if any (else the stored choice is shown). */
  currentView?: ViewKey;
}

/** Back-office view chooser: lists the views the user may open; choosing one goes to `/home?view=`. */
export function ViewSwitch({ session, currentView }: ViewSwitchProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const views = permittedViews(session.userDetail.functions);
  if (views.length === 0) return null;
  const lang = i18n.language === 'en' ? 'en' : 'vi';
  const current = views.find((v) => v.key === (currentView ?? session.selectedView));

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: current ? [current.key] : [],
        items: views.map((v) => ({ key: v.key, label: v[lang] })),
        onClick: ({ key }) => {
          setSelectedView(key as ViewKey);
          navigate(`/home?view=${encodeURIComponent(key)}`);
        },
      }}
    >
      <Button type="text" className="header-button" icon={<AppstoreOutlined />} data-testid="view-switch">
        <span className="header-button-text">{current ? current[lang] : t('header.chooseView')}</span>
        <DownOutlined aria-hidden className="header-caret" />
      </Button>
    </Dropdown>
  );
}
