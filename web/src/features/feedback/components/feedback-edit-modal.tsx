import { FEEDBACK_REQUIRED, type Feedback, type FeedbackBody, FeedbackBodySchema, TEXT_MAX } from '@flood/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { parseForm, showFormError, zodRule } from '../../../lib/forms/zod-form';
import { feedbackKeys, updateFeedback } from '../api/feedback-api';
import { digitsOnly, FEEDBACK_FIELDS, type FeedbackValues } from '../model/feedback-fields';

export interface FeedbackEditModalProps {
  open: boolean;
  feedback: Feedback;
  onClose: () => void;
}

/** 'Cập nhật góp ý': name, email, phone (digits), address, content, each required and max 255 (back-office §5). */
export function FeedbackEditModal({ open, feedback, onClose }: FeedbackEditModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FeedbackValues>();

  const mutation = useMutation({
    mutationFn: (body: FeedbackBody) => updateFeedback(feedback.id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: feedbackKeys.all });
      void message.success(t('feedback.updated'));
      onClose();
    },
    onError: (error) =>
      showFormError(form, error, (text) => void message.error(text), t('errors.generic'), {
        showMessageOf: ['NOT_FOUND'],
      }),
  });

  const onFinish = (values: FeedbackValues) => {
    const parsed = parseForm(form, FeedbackBodySchema, values, t);
    if (parsed) mutation.mutate(parsed);
  };

  return (
    <FormModal<FeedbackValues>
      open={open}
      title={t('feedback.editTitle')}
      onClose={onClose}
      form={form}
      onFinish={onFinish}
      loading={mutation.isPending}
      submitTestId="feedback-edit-submit"
      modalTestId="feedback-edit-modal"
      initialValues={Object.fromEntries(FEEDBACK_FIELDS.map((f) => [f, feedback[f]])) as FeedbackValues}
    >
      {FEEDBACK_FIELDS.map((name) => (
        <Form.Item
          key={name}
          label={t(`feedback.${name}`)}
          name={name}
          htmlFor={`feedback-edit-${name}`}
          // Each field names itself when empty ('Địa chỉ là trường bắt buộc'), as the server does.
          rules={[
            { required: true, whitespace: true, message: FEEDBACK_REQUIRED[name] },
            zodRule(FeedbackBodySchema, name, t),
          ]}
          validateFirst
          normalize={name === 'phone' ? digitsOnly : undefined}
        >
          {name === 'content' ? (
            <Input.TextArea id={`feedback-edit-${name}`} maxLength={TEXT_MAX} autoSize={{ minRows: 3, maxRows: 8 }} />
          ) : (
            <Input
              id={`feedback-edit-${name}`}
              maxLength={TEXT_MAX}
              autoComplete="off"
              type={name === 'email' ? 'email' : 'text'}
              inputMode={name === 'phone' ? 'numeric' : undefined}
            />
          )}
        </Form.Item>
      ))}
    </FormModal>
  );
}
