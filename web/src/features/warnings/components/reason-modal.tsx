import { WarningCancelBodySchema, WarningUrgentBodySchema } from '@flood/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { ApiError } from '../../../lib/api/client';
import { parseForm, showFormError, zodRule } from '../../../lib/forms/zod-form';
import { cancelWarning, publishWarningUrgently, warningAdminKeys } from '../api/warning-admin-api';
import { warningsKeys } from '../api/warnings-api';

/** 'Phát khẩn' (the composer publishes alone) or 'Huỷ cảnh báo': both ask why, and the reason is audited. */
export type ReasonAction = 'urgent' | 'cancel';

const SCHEMAS = { urgent: WarningUrgentBodySchema, cancel: WarningCancelBodySchema } as const;
const TEXTS = {
  urgent: {
    title: 'warningAdmin.urgentTitle',
    intro: 'warningAdmin.urgentIntro',
    label: 'warningAdmin.urgentReason',
    submit: 'warningAdmin.urgentSubmit',
    done: 'warningAdmin.urgentDone',
  },
  cancel: {
    title: 'warningAdmin.cancelTitle',
    intro: 'warningAdmin.cancelIntro',
    label: 'warningAdmin.cancelReason',
    submit: 'warningAdmin.cancelSubmit',
    done: 'warningAdmin.cancelled',
  },
} as const;

export interface ReasonModalProps {
  open: boolean;
  action: ReasonAction;
  warningId: number;
  headline: string;
  onClose: () => void;
}

/** The dialog that asks the reason of an urgent publication or of a cancel, checked by the domain's schema. */
export function ReasonModal({ open, action, warningId, headline, onClose }: ReasonModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const texts = TEXTS[action];
  const schema = SCHEMAS[action];

  const mutation = useMutation({
    mutationFn: (reason: string) =>
      action === 'urgent' ? publishWarningUrgently(warningId, reason) : cancelWarning(warningId, reason),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: warningAdminKeys.list });
      void queryClient.invalidateQueries({ queryKey: warningAdminKeys.detail });
      void queryClient.invalidateQueries({ queryKey: warningsKeys.active });
      void message.success(t(texts.done));
      onClose();
    },
    onError: (error) => {
      // The urgent call is not handled globally: the server's refusal (not the composer, already published) is
      // said as it is, under the reason.
      if (error instanceof ApiError && error.status === 403) {
        form.setFields([{ name: 'reason', errors: [error.body.message] }]);
        return;
      }
      showFormError(form, error, (text) => void message.error(text), t('errors.generic'), {
        showMessageOf: ['NOT_FOUND', 'CONFLICT'],
      });
    },
  });

  return (
    <FormModal<{ reason: string }>
      open={open}
      title={t(texts.title)}
      onClose={onClose}
      form={form}
      onFinish={(values) => {
        const body = parseForm(form, schema, values, t);
        if (body) mutation.mutate(body.reason);
      }}
      loading={mutation.isPending}
      submitTestId={`warning-${action}-submit`}
      submitText={t(texts.submit)}
      modalTestId={`warning-${action}-modal`}
      initialValues={{ reason: '' }}
      width={560}
    >
      <Typography.Paragraph strong>{headline}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t(texts.intro)}</Typography.Paragraph>
      <Form.Item
        label={t(texts.label)}
        name="reason"
        htmlFor={`warning-${action}-reason`}
        required
        rules={[zodRule(schema, 'reason', t)]}
      >
        <Input.TextArea
          id={`warning-${action}-reason`}
          autoSize={{ minRows: 3, maxRows: 6 }}
          maxLength={500}
          showCount
          data-testid={`warning-${action}-reason`}
        />
      </Form.Item>
    </FormModal>
  );
}
