import { type SmsRecipient, SmsRecipientBodySchema, TEXT_MAX } from '@flood/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { parseForm, showFormError, zodRule } from '../../../lib/forms/zod-form';
import { useCommunes } from '../../warnings';
import { createSmsRecipient, smsKeys, updateSmsRecipient } from '../api/sms-api';

interface RecipientValues {
  name: string;
  description: string;
  email: string;
  phone: string;
  onDuty: boolean;
  /** GSO codes of the communes whose officers' warnings they receive (#23); empty: every commune. */
  communes: string[];
}

export interface RecipientFormModalProps {
  open: boolean;
  /** The recipient being edited, or null to add one. */
  recipient: SmsRecipient | null;
  onClose: () => void;
}

/**
 * 'Thêm người nhận' / 'Cập nhật người nhận': the name is required, the other fields optional (max 255); 'Xã nhận cảnh
 * báo' limits the officers' warnings they receive to those communes (#23; empty: all); 'Trực ban' puts the recipient
 * on the duty list, reminded while a level II/III alert has nobody taking it (#22).
 */
export function RecipientFormModal({ open, recipient, onClose }: RecipientFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RecipientValues>();
  const editing = recipient !== null;
  const communes = useCommunes();

  const mutation = useMutation({
    mutationFn: (save: () => Promise<SmsRecipient>) => save(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: smsKeys.recipients });
      void message.success(t(editing ? 'sms.recipientUpdateSuccess' : 'sms.recipientCreateSuccess'));
      onClose();
    },
    onError: (error) =>
      showFormError(form, error, (text) => void message.error(text), t('errors.generic'), {
        showMessageOf: ['CONFLICT', 'NOT_FOUND'],
      }),
  });

  const onFinish = (values: RecipientValues) => {
    const body = parseForm(form, SmsRecipientBodySchema, values, t);
    if (!body) return;
    mutation.mutate(() => (recipient ? updateSmsRecipient(recipient.id, body) : createSmsRecipient(body)));
  };

  const rule = (field: keyof RecipientValues) => [zodRule(SmsRecipientBodySchema, field, t)];

  return (
    <FormModal<RecipientValues>
      open={open}
      title={t(editing ? 'sms.recipientEditTitle' : 'sms.recipientCreateTitle')}
      onClose={onClose}
      form={form}
      onFinish={onFinish}
      loading={mutation.isPending}
      submitTestId="recipient-submit"
      modalTestId="recipient-modal"
      initialValues={{
        name: recipient?.name ?? '',
        description: recipient?.description ?? '',
        email: recipient?.email ?? '',
        phone: recipient?.phone ?? '',
        onDuty: recipient?.onDuty ?? false,
        communes: recipient?.communes ?? [],
      }}
    >
      <Form.Item label={t('sms.name')} name="name" htmlFor="recipient-name" required rules={rule('name')}>
        <Input id="recipient-name" autoComplete="off" maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item
        label={t('sms.description')}
        name="description"
        htmlFor="recipient-description"
        rules={rule('description')}
      >
        <Input id="recipient-description" autoComplete="off" maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item label={t('sms.email')} name="email" htmlFor="recipient-email" rules={rule('email')}>
        <Input id="recipient-email" type="email" autoComplete="off" maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item label={t('sms.phone')} name="phone" htmlFor="recipient-phone" rules={rule('phone')}>
        <Input id="recipient-phone" type="tel" inputMode="numeric" autoComplete="off" maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item
        label={t('sms.communes')}
        name="communes"
        htmlFor="recipient-communes"
        extra={t('sms.communesHelp')}
        rules={rule('communes')}
      >
        <Select
          id="recipient-communes"
          mode="multiple"
          allowClear
          loading={communes.isLoading}
          placeholder={t('sms.communesAll')}
          optionFilterProp="label"
          options={(communes.data ?? []).map((c) => ({ value: c.gsoCode, label: c.name }))}
          data-testid="recipient-communes"
        />
      </Form.Item>
      <Form.Item name="onDuty" valuePropName="checked">
        <Checkbox id="recipient-on-duty" data-testid="recipient-on-duty">
          {t('sms.onDutyLabel')}
        </Checkbox>
      </Form.Item>
    </FormModal>
  );
}
