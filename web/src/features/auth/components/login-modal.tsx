import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { LoginBodySchema } from '@flood/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HumanCheck, type HumanCheckHandle } from '../../../components/human-check';
import { ApiError } from '../../../lib/api/client';
import { applyFieldErrors, parseForm, zodRule } from '../../../lib/forms/zod-form';
import { startSession } from '../../../lib/session/session-store';
import { toast } from '../../../lib/toast/toast';
import { ALTCHA_CHALLENGE_URL, login } from '../api/auth-api';

/** The form's own fields; the ALTCHA payload is added on submit. */
const LoginFormSchema = LoginBodySchema.omit({ altcha: true });

interface LoginFormValues {
  email: string;
  password: string;
}

export interface LoginModalProps {
  open: boolean;
  onClose: () => void;
}

/** Sign-in dialog: email, password and the ALTCHA check; submit stays disabled until the check passes. */
export default function LoginModal({ open, onClose }: LoginModalProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginFormValues>();
  const humanCheck = useRef<HumanCheckHandle>(null);
  const [altcha, setAltcha] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      startSession(response);
      onClose();
      // The shell's toast: this dialog (and antd's toast holder with it) unmounts once signed in.
      toast.success(t('auth.loginSuccess'));
      navigate('/home');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') applyFieldErrors(form, error.body.fields);
      const text =
        error instanceof ApiError && error.code === 'RATE_LIMITED' ? error.body.message : t('auth.loginFailed');
      toast.error(text);
      humanCheck.current?.reset();
    },
  });

  const onFinish = (values: LoginFormValues) => {
    if (!altcha) return;
    const body = parseForm(form, LoginBodySchema, { ...values, altcha }, t);
    if (body) mutation.mutate(body);
  };

  return (
    <Modal
      open={open}
      title={t('auth.loginTitle')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      centered
      width={440}
      modalRender={(node) => <div data-testid="login-modal">{node}</div>}
      afterClose={() => form.resetFields()}
    >
      {/* validateFirst: an empty field says only that it is required, not also why its (empty) value is invalid. */}
      <Form<LoginFormValues>
        form={form}
        layout="vertical"
        requiredMark
        onFinish={onFinish}
        autoComplete="on"
        disabled={mutation.isPending}
        className="login-form"
      >
        <Form.Item
          label={t('auth.email')}
          name="email"
          htmlFor="login-email"
          rules={[
            { required: true, message: t('form.required', { label: t('auth.email') }) },
            zodRule(LoginFormSchema, 'email', t),
          ]}
          validateTrigger="onBlur"
          validateFirst
        >
          <Input
            id="login-email"
            type="email"
            autoComplete="username"
            inputMode="email"
            prefix={<MailOutlined aria-hidden />}
            autoFocus
          />
        </Form.Item>
        <Form.Item
          label={t('auth.password')}
          name="password"
          htmlFor="login-password"
          rules={[
            { required: true, message: t('form.required', { label: t('auth.password').toLowerCase() }) },
            zodRule(LoginFormSchema, 'password', t),
          ]}
          validateFirst
        >
          <Input.Password id="login-password" autoComplete="current-password" prefix={<LockOutlined aria-hidden />} />
        </Form.Item>
        <Form.Item>
          <HumanCheck
            ref={humanCheck}
            challengeUrl={ALTCHA_CHALLENGE_URL}
            language={i18n.language === 'en' ? 'en' : 'vi'}
            onVerified={setAltcha}
            onReset={() => setAltcha(null)}
          />
        </Form.Item>
        {!altcha && <Alert type="info" showIcon title={t('auth.humanCheckHint')} className="login-hint" />}
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          disabled={!altcha}
          loading={mutation.isPending}
          data-testid="login-submit"
        >
          {t('auth.loginSubmit')}
        </Button>
      </Form>
    </Modal>
  );
}
