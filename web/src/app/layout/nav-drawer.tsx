import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAreaNames } from '../../lib/area/use-area';
import { NavLinks } from './nav-links';

/** The main navigation on phones, from the header's burger button (its own chunk: loaded on first open). */
export default function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const names = useAreaNames();
  return (
    <Drawer open={open} onClose={onClose} placement="left" size={280} title={names.portalName} className="nav-drawer">
      <nav aria-label={t('header.mainNav')}>
        <NavLinks onNavigate={onClose} />
      </nav>
    </Drawer>
  );
}
