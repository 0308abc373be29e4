import { ChangePasswordFormSchema, TEXT_MAX } from '@flood/domain';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { parseForm, showFormError, zodRule } from '../../../lib/forms/zod-form';
import { changePassword } from '../api/auth-api';

interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface ChangePasswordModalProps {
  open: boolean;
  onClose: () => void;
}

export default function ChangePasswordModal({ open, onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangePasswordValues>();

  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      void message.success(t('auth.changePasswordSuccess'));
      onClose();
    },
    onError: (error) =>
      showFormError(form, error, (text) => void message.error(text), t('errors.generic'), {
        fieldFor: { WRONG_PASSWORD: 'oldPassword' },
        showMessageOf: ['RATE_LIMITED'],
      }),
  });

  const onFinish = (values: ChangePasswordValues) => {
    const parsed = parseForm(form, ChangePasswordFormSchema, values, t);
    if (parsed) mutation.mutate({ oldPassword: parsed.oldPassword, newPassword: parsed.newPassword });
  };

  const rule = (field: keyof ChangePasswordValues) => [zodRule(ChangePasswordFormSchema, field, t)];

  return (
    <FormModal<ChangePasswordValues>
      open={open}
      title={t('auth.changePasswordTitle')}
      onClose={onClose}
      form={form}
      onFinish={onFinish}
      loading={mutation.isPending}
      submitTestId="password-submit"
    >
      <Form.Item label={t('auth.oldPassword')} name="oldPassword" required rules={rule('oldPassword')}>
        <Input.Password id="oldPassword" autoComplete="current-password" maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item label={t('auth.newPassword')} name="newPassword" required rules={rule('newPassword')}>
        <Input.Password id="newPassword" autoComplete="new-password" maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item
        label={t('auth.confirmPassword')}
        name="confirmPassword"
        required
        dependencies={['newPassword']}
        validateFirst
        rules={[
          ...rule('confirmPassword'),
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              const confirm = value?.trim() ?? '';
              if (confirm && confirm !== (getFieldValue('newPassword') ?? '').trim()) {
                throw new Error(t('auth.passwordMismatch'));
              }
            },
          }),
        ]}
      >
        <Input.Password id="confirmPassword" autoComplete="new-password" maxLength={TEXT_MAX} />
      </Form.Item>
    </FormModal>
  );
}
