import { AcknowledgeBodySchema, type Alert, alertHeadline, type Language } from '@flood/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { ApiError } from '../../../lib/api/client';
import { parseForm, showFormError, zodRule } from '../../../lib/forms/zod-form';
import { acknowledgeAlert, alertListKeys } from '../api/alert-list-api';

/** The note's limit (the domain's `AcknowledgeBodySchema`). */
const NOTE_MAX = 500;

interface AcknowledgeValues {
  note: string;
}

export interface AcknowledgeModalProps {
  open: boolean;
  alert: Alert;
  onClose: () => void;
}

/**
 * 'Nhận xử lý': the signed-in staff member takes charge of an open alert, with an optional note (max 500). When
 * someone else was quicker (409) their message is shown, the dialog closes and the page shows who took it.
 */
export function AcknowledgeModal({ open, alert, onClose }: AcknowledgeModalProps) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AcknowledgeValues>();

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: alertListKeys.list });
    void queryClient.invalidateQueries({ queryKey: alertListKeys.detailOf(alert.id) });
  };

  const mutation = useMutation({
    mutationFn: (note: string | undefined) => acknowledgeAlert(alert.id, note ? { note } : {}),
    onSuccess: () => {
      refresh();
      void message.success(t('alertList.ackSuccess'));
      onClose();
    },
    onError: (error) => {
      showFormError(form, error, (text) => void message.error(text), t('errors.generic'), {
        showMessageOf: ['CONFLICT', 'NOT_FOUND'],
      });
      // Taken by someone else or gone: nothing left to do here but to show the page as it is now.
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        refresh();
        onClose();
      }
    },
  });

  const onFinish = (values: AcknowledgeValues) => {
    const body = parseForm(form, AcknowledgeBodySchema, values, t);
    if (!body) return;
    mutation.mutate(body.note || undefined);
  };

  return (
    <FormModal<AcknowledgeValues>
      open={open}
      title={t('alertList.ackTitle')}
      onClose={onClose}
      form={form}
      onFinish={onFinish}
      loading={mutation.isPending}
      submitText={t('alertList.ackSubmit')}
      submitTestId="acknowledge-submit"
      modalTestId="acknowledge-modal"
      initialValues={{ note: '' }}
    >
      <Typography.Paragraph strong className="ack-headline">
        {alertHeadline(alert.kind, alert.stationName, alert.level, lang, alert.threshold)}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('alertList.ackIntro')}</Typography.Paragraph>
      <Form.Item
        label={t('alertList.ackNote')}
        name="note"
        htmlFor="ack-note"
        rules={[zodRule(AcknowledgeBodySchema, 'note', t)]}
      >
        <Input.TextArea
          id="ack-note"
          rows={3}
          maxLength={NOTE_MAX}
          showCount
          placeholder={t('alertList.ackNotePlaceholder')}
        />
      </Form.Item>
    </FormModal>
  );
}
