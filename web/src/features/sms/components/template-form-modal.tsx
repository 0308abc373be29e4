import {
  isValidSmsTemplate,
  SMS_TEMPLATE_HELP,
  SMS_TEMPLATE_TYPE_LABELS,
  type SmsTemplate,
  SmsTemplateBodySchema,
  smsTemplateExample,
  smsTemplateSubscriberExample,
  TEXT_MAX,
} from '@flood/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, type FormRule, Input, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { issueMessage, showFormError } from '../../../lib/forms/zod-form';
import { smsKeys, updateSmsTemplate } from '../api/sms-api';

interface TemplateValues {
  template: string;
}

export interface TemplateFormModalProps {
  open: boolean;
  template: SmsTemplate;
  onClose: () => void;
}

const lang = (language: string) => (language === 'en' ? 'en' : 'vi');

/**
 * The template rule (back-office §5): required, at most 255 characters, and the placeholders the help
 * text describes (%s and one of %f / %.2f), else 'Vui lòng cập nhật lại nội dung tin nhắn theo mô tả'.
 */
function templateRule(t: TFunction): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value : '';
      const result = SmsTemplateBodySchema.safeParse({ template: text });
      const issue = result.error?.issues.find((i) => i.code !== 'custom');
      if (issue) throw new Error(issueMessage(issue, t));
      if (!isValidSmsTemplate(text.trim())) throw new Error(t('sms.templateInvalid'));
      // One segment with the longest station name (#24).
      const example = smsTemplateExample(text.trim());
      if (example.segments > 1)
        throw new Error(t('sms.templateTooLong', { length: example.length, segments: example.segments }));
    },
  };
}

/**
 * How the text reads as a real SMS (#24): filled with the longest station name and a value of many digits, its
 * encoding, its length and how many SMS it takes — what the network will charge and deliver.
 */
function TemplateExample({ text }: { text: string }) {
  const { t } = useTranslation();
  const example = smsTemplateExample(text.trim());
  const subscriber = smsTemplateSubscriberExample(text.trim());
  const fits = example.segments === 1;
  return (
    <div
      className={fits ? 'sms-template-example' : 'sms-template-example sms-template-example-long'}
      data-testid="sms-template-example"
    >
      <div className="sms-template-example-label">{t('sms.exampleLabel')}</div>
      <div className="sms-template-example-text" data-testid="sms-template-example-text">
        {example.text}
      </div>
      <div className="sms-template-example-facts" data-testid="sms-template-example-facts">
        {t('sms.exampleFacts', { encoding: example.encoding, length: example.length, segments: example.segments })}
      </div>
      <div className="sms-template-example-label">{t('sms.subscriberExampleLabel')}</div>
      <div className="sms-template-example-text" data-testid="sms-template-subscriber-text">
        {subscriber.text}
      </div>
      <div className="sms-template-example-facts" data-testid="sms-template-subscriber-facts">
        {t(subscriber.nameCut ? 'sms.subscriberExampleCut' : 'sms.subscriberExampleFacts', {
          length: subscriber.length,
        })}
      </div>
    </div>
  );
}

/** 'Cập nhật mẫu tin nhắn': the text with a character counter, what each placeholder means, and the example SMS. */
export function TemplateFormModal({ open, template, onClose }: TemplateFormModalProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TemplateValues>();

  const mutation = useMutation({
    mutationFn: (text: string) => updateSmsTemplate(template.id, text),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: smsKeys.templates });
      void message.success(t('sms.templateUpdateSuccess'));
      onClose();
    },
    onError: (error) => showFormError(form, error, (text) => void message.error(text), t('errors.generic')),
  });

  const onFinish = (values: TemplateValues) => {
    const text = values.template.trim();
    // Checked again on submit: the rule above already blocks this, the server checks it too.
    if (!isValidSmsTemplate(text)) {
      form.setFields([{ name: 'template', errors: [t('sms.templateInvalid')] }]);
      return;
    }
    mutation.mutate(text);
  };

  return (
    <FormModal<TemplateValues>
      open={open}
      title={t('sms.templateEditTitle')}
      onClose={onClose}
      form={form}
      onFinish={onFinish}
      loading={mutation.isPending}
      submitTestId="sms-template-submit"
      modalTestId="sms-template-modal"
      width={560}
      initialValues={{ template: template.template }}
    >
      <Typography.Paragraph className="sms-template-type">
        {t('sms.type')}: <strong>{SMS_TEMPLATE_TYPE_LABELS[template.type][lang(i18n.language)]}</strong>
      </Typography.Paragraph>
      <Form.Item
        label={t('sms.template')}
        name="template"
        htmlFor="sms-template-text"
        required
        extra={<span data-testid="sms-template-help">{SMS_TEMPLATE_HELP[template.type][lang(i18n.language)]}</span>}
        rules={[templateRule(t)]}
      >
        <Input.TextArea id="sms-template-text" maxLength={TEXT_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.template !== b.template}>
        {({ getFieldValue }) => <TemplateExample text={String(getFieldValue('template') ?? '')} />}
      </Form.Item>
    </FormModal>
  );
}
