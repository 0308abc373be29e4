import { DownOutlined, KeyOutlined, LogoutOutlined, PhoneOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredUser } from '../../../lib/session/session-store';
import { useLogout } from '../hooks/use-logout';

const ChangePasswordModal = lazy(() => import('./change-password-modal'));
const ProfileModal = lazy(() => import('./profile-modal'));
const PhoneVerifyModal = lazy(() => import('./phone-verify-modal'));

type Dialog = 'verify' | 'profile' | 'password' | null;

/** The signed-in user's dropdown: phone verification, profile, password and sign-out. */
export function UserMenu({ session }: { session: StoredUser }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [opened, setOpened] = useState<Set<Dialog>>(new Set());
  const user = session.userDetail;

  const open = (next: Dialog) => {
    setOpened((prev) => new Set(prev).add(next));
    setDialog(next);
  };
  const close = () => setDialog(null);

  const items: MenuProps['items'] = [
    ...(user.verified ? [] : [{ key: 'verify', icon: <PhoneOutlined />, label: t('header.verifyPhone') }]),
    { key: 'profile', icon: <UserOutlined />, label: t('header.profile') },
    { key: 'password', icon: <KeyOutlined />, label: t('header.changePassword') },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), danger: true },
  ];

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'logout') void logout();
            else open(key as Dialog);
          },
        }}
      >
        <Button type="text" className="header-button user-button" data-testid="user-menu">
          <Avatar size="small" className="user-avatar" icon={<UserOutlined />} aria-hidden />
          <span className="header-button-text">{user.name}</span>
          <DownOutlined aria-hidden className="header-caret" />
        </Button>
      </Dropdown>
      <Suspense fallback={null}>
        {opened.has('password') && <ChangePasswordModal open={dialog === 'password'} onClose={close} />}
        {opened.has('profile') && <ProfileModal open={dialog === 'profile'} onClose={close} />}
        {opened.has('verify') && <PhoneVerifyModal open={dialog === 'verify'} onClose={close} />}
      </Suspense>
    </>
  );
}
