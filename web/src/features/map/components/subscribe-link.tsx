import './subscribe-link.css';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublicUnit } from '../../../lib/area/public-unit';
import { SUBSCRIBE_PATH } from '../../subscriptions';

/** 'Đăng ký nhận cảnh báo' at the foot of the map's left column, under the legend (#24): a plain link. */
export function SubscribeLink() {
  const { t } = useTranslation();
  const { path } = usePublicUnit();
  return (
    <Link className="map-subscribe" to={path(SUBSCRIBE_PATH)} data-testid="map-subscribe">
      <BellOutlined aria-hidden />
      {t('page.subscribe')}
    </Link>
  );
}
