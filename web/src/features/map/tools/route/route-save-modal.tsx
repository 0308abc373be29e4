import { formatDistance, type RouteResponse, TEXT_MAX } from '@flood/domain';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../components/form-modal';
import { showFormError } from '../../../../lib/forms/zod-form';
import { useSaveRoute } from '../../../routing';

interface SaveValues {
  name: string;
}

export interface RouteSaveModalProps {
  route: RouteResponse;
  onCancel: () => void;
  onSaved: () => void;
}

/**
 * 'Lưu thông tin tuyến' (public-portal §2): the route's name (required, at most 255 characters) and its
 * length; the server stores the line and measures it again.
 */
export default function RouteSaveModal({ route, onCancel, onSaved }: RouteSaveModalProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'vi';
  const { message } = App.useApp();
  const [form] = Form.useForm<SaveValues>();
  const save = useSaveRoute();

  const onFinish = ({ name }: SaveValues) => {
    save.mutate(
      { name: name.trim(), geometry: route.geometry, lengthM: route.lengthM },
      {
        onSuccess: onSaved,
        onError: (error) => showFormError(form, error, (text) => void message.error(text), t('errors.generic')),
      },
    );
  };

  return (
    <FormModal<SaveValues>
      open
      title={t('map.route.saveTitle')}
      onClose={onCancel}
      form={form}
      onFinish={onFinish}
      loading={save.isPending}
      submitTestId="route-save-submit"
      modalTestId="route-save-modal"
      initialValues={{ name: route.target ? t('map.route.defaultName', { name: route.target.name }) : '' }}
    >
      <Form.Item
        label={t('map.route.name')}
        name="name"
        htmlFor="route-name"
        required
        rules={[
          { required: true, whitespace: true, message: t('map.route.nameRequired') },
          { max: TEXT_MAX, message: t('map.route.nameMax', { max: TEXT_MAX }) },
        ]}
      >
        <Input id="route-name" maxLength={TEXT_MAX} autoFocus />
      </Form.Item>
      <p className="route-save-length" data-testid="route-save-length">
        {t('map.route.length', { length: formatDistance(route.lengthM, lang) })}
      </p>
    </FormModal>
  );
}
