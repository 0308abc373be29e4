import { ProfileBodySchema, TEXT_MAX } from '@flood/domain';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { parseForm, showFormError, zodRule } from '../../../lib/forms/zod-form';
import { updateUserDetail, useSession } from '../../../lib/session/session-store';
import { updateProfile } from '../api/auth-api';

interface ProfileValues {
  name: string;
  phone: string;
}

export interface ProfileModalProps {
  open: boolean;
  onClose: () => void;
}

export default function ProfileModal({ open, onClose }: ProfileModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const session = useSession();
  const [form] = Form.useForm<ProfileValues>();

  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: (detail) => {
      updateUserDetail(detail);
      void message.success(t('auth.profileSuccess'));
      onClose();
    },
    onError: (error) =>
      showFormError(form, error, (text) => void message.error(text), t('errors.generic'), {
        showMessageOf: ['CONFLICT', 'RATE_LIMITED'],
      }),
  });

  const onFinish = (values: ProfileValues) => {
    const parsed = parseForm(form, ProfileBodySchema, values, t);
    if (parsed) mutation.mutate(parsed);
  };

  return (
    <FormModal<ProfileValues>
      open={open}
      title={t('auth.profileTitle')}
      onClose={onClose}
      form={form}
      onFinish={onFinish}
      loading={mutation.isPending}
      submitTestId="profile-submit"
      initialValues={{ name: session?.userDetail.name ?? '', phone: session?.userDetail.phone ?? '' }}
    >
      <Form.Item
        label={t('auth.name')}
        name="name"
        htmlFor="profile-name"
        required
        rules={[zodRule(ProfileBodySchema, 'name', t)]}
      >
        <Input id="profile-name" autoComplete="name" maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item
        label={t('auth.phone')}
        name="phone"
        htmlFor="profile-phone"
        required
        rules={[zodRule(ProfileBodySchema, 'phone', t)]}
      >
        <Input id="profile-phone" type="tel" inputMode="numeric" autoComplete="tel" maxLength={TEXT_MAX} />
      </Form.Item>
    </FormModal>
  );
}
