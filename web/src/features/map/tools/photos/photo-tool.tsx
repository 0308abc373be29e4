import { CameraOutlined } from '@ant-design/icons';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inAntdScope } from '../../../../app/antd-lazy';
import { toast } from '../../../../lib/toast/toast';
import { ToolButton } from '../../../../map-kit/components/tool-button';
import type { MapToolProps } from '../../../../map-kit/tools/map-tool';
import type { PhotoPostModalProps } from './photo-post-modal';

/**
 * 'Đăng ảnh' (public-portal §2): the camera button of the map's tools. It opens the post form, whose code
 * (antd form fields, place picking) is fetched on the first press; while the form's 'Chọn trên bản đồ' waits
 * for a tap on the map (mode 'photo') the button is pressed, and pressing it again goes back to the form.
 */
export function PhotoTool(props: MapToolProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [Form, setForm] = useState<ComponentType<PhotoPostModalProps> | null>(null);
  const picking = props.active === 'photo';

  const start = () => {
    if (picking) props.setActive(null);
    setOpen(true);
    if (Form) return;
    // Loaded by hand rather than with React.lazy: a failed fetch (a weak signal) says so and can be retried,
    // instead of taking the map down with it.
    // In the antd scope its form needs, fetched with it (the map's first load has no antd).
    inAntdScope(import('./photo-post-modal'))
      .then((m) => setForm(() => m.default))
      .catch(() => {
        setOpen(false);
        toast.error(t('errors.generic'));
      });
  };

  return (
    <>
      <ToolButton
        label={t('map.photos.post')}
        icon={<CameraOutlined />}
        pressed={picking}
        testId="photo-tool"
        onClick={start}
      />
      {Form && <Form {...props} open={open} setOpen={setOpen} />}
    </>
  );
}
