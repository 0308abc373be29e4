import { hasAnyPermission, routesOfView, VIEWS } from '@flood/domain';
import { Layout, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session/session-store';
import { AntdScope } from '../antd-scope';
import { useCurrentRouteDef } from '../route-handle';

/** Back office: the side menu of the current view (pages the user may open) next to the page, in antd's scope. */
export function BackOfficeLayout() {
  return (
    <AntdScope>
      <BackOfficeFrame />
    </AntdScope>
  );
}

function BackOfficeFrame() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const route = useCurrentRouteDef();
  const session = useSession();
  const view = VIEWS.find((v) => v.key === route?.view);
  const items = view
    ? routesOfView(view.key)
        .filter((r) => hasAnyPermission(session?.userDetail.functions, r.permissions))
        .map((r) => ({ key: r.path, label: <Link to={r.path}>{t(r.title)}</Link> }))
    : [];

  return (
    <Layout className="back-office" hasSider>
      <Layout.Sider
        width={240}
        breakpoint="md"
        collapsedWidth={0}
        theme="light"
        className="back-office-sider"
        zeroWidthTriggerStyle={{ top: 12 }}
      >
        <nav aria-label={t('header.sideNav')}>
          {view && <div className="back-office-view">{view[i18n.language === 'en' ? 'en' : 'vi']}</div>}
          <Menu mode="inline" selectedKeys={[pathname]} items={items} className="back-office-menu" />
        </nav>
      </Layout.Sider>
      {/* Not Layout.Content, which is a second <main>: the page already sits in the root layout's <main>. */}
      <div className="back-office-content">
        <Outlet />
      </div>
    </Layout>
  );
}
