import { ConfirmPhoneBodySchema, PHONE_CODE_LENGTH } from '@flood/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { ApiError } from '../../../lib/api/client';
import { parseForm, showFormError, zodRule } from '../../../lib/forms/zod-form';
import { updateUserDetail, useSession } from '../../../lib/session/session-store';
import { confirmPhone, requestPhoneCode } from '../api/auth-api';

interface ConfirmValues {
  code: string;
}

export interface PhoneVerifyModalProps {
  open: boolean;
  onClose: () => void;
}

export default function PhoneVerifyModal({ open, onClose }: PhoneVerifyModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const session = useSession();
  const phone = session?.userDetail.phone;
  const [form] = Form.useForm<ConfirmValues>();
  const toastError = (text: string) => void message.error(text);

  const sendCode = useMutation({
    mutationFn: requestPhoneCode,
    onSuccess: () => void message.success(t('auth.codeSent')),
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return;
      const known = error instanceof ApiError && ['PHONE_MISSING', 'RATE_LIMITED'].includes(error.code);
      toastError(known ? (error as ApiError).body.message : t('errors.generic'));
    },
  });

  const confirm = useMutation({
    mutationFn: confirmPhone,
    onSuccess: (detail) => {
      updateUserDetail(detail);
      void message.success(t('auth.verifySuccess'));
      onClose();
    },
    onError: (error) =>
      showFormError(form, error, toastError, t('errors.generic'), {
        fieldFor: { INVALID_CODE: 'code' },
        showMessageOf: ['PHONE_MISSING', 'RATE_LIMITED'],
      }),
  });

  const onFinish = (values: ConfirmValues) => {
    const parsed = parseForm(form, ConfirmPhoneBodySchema, values, t);
    if (parsed) confirm.mutate(parsed);
  };

  return (
    <FormModal<ConfirmValues>
      open={open}
      title={t('auth.verifyTitle')}
      onClose={onClose}
      form={form}
      onFinish={onFinish}
      loading={confirm.isPending}
      submitTestId="confirm-submit"
      submitText={t('auth.confirm')}
    >
      <Space orientation="vertical" size="middle" className="full-width phone-verify-intro">
        {phone ? (
          <Typography.Paragraph className="phone-verify-text">{t('auth.verifyIntro', { phone })}</Typography.Paragraph>
        ) : (
          <Alert type="warning" showIcon title={t('auth.verifyNoPhone')} />
        )}
        <Button onClick={() => sendCode.mutate()} loading={sendCode.isPending} data-testid="send-code">
          {t('auth.sendCode')}
        </Button>
      </Space>
      <Form.Item
        label={t('auth.code')}
        name="code"
        htmlFor="confirm-code"
        required
        rules={[zodRule(ConfirmPhoneBodySchema, 'code', t)]}
      >
        <Input
          id="confirm-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={PHONE_CODE_LENGTH}
          pattern="\d*"
        />
      </Form.Item>
    </FormModal>
  );
}
