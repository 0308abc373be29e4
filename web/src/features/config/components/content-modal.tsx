import { ContentValueSchema, type SystemParameter, SystemParameterBodySchema, TEXT_MAX } from '@flood/domain';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormModal } from '../../../components/form-modal';
import { parseForm, zodRule } from '../../../lib/forms/zod-form';
import { useSaveParameter } from './use-save-parameter';

interface ContentValues {
  name: string;
  content: string;
}

/** The name and the free text of an ordinary configuration record, checked by the domain's schemas. */
const ContentFormSchema = z.object({
  name: SystemParameterBodySchema.shape.name,
  content: ContentValueSchema.shape.content,
});

/** 'Nội dung' of an ordinary configuration record, or 'Thêm cấu hình' for a new one. */
export function ContentModal({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record: SystemParameter | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContentValues>();
  const save = useSaveParameter(form, record, onClose);
  const content = ContentValueSchema.safeParse(record?.objectValue ?? {});

  const onFinish = (values: ContentValues) => {
    const parsed = parseForm(form, ContentFormSchema, values, t);
    if (parsed) save.mutate({ name: parsed.name, objectValue: { content: parsed.content } });
  };

  return (
    <FormModal<ContentValues>
      open={open}
      title={t(record ? 'config.contentTitle' : 'config.createTitle')}
      onClose={onClose}
      form={form}
      onFinish={onFinish}
      loading={save.isPending}
      submitTestId="config-submit"
      modalTestId="config-modal"
      width={720}
      initialValues={{ name: record?.name ?? '', content: content.success ? content.data.content : '' }}
    >
      <Form.Item
        label={t('config.name')}
        name="name"
        htmlFor="config-name"
        required
        rules={[zodRule(ContentFormSchema, 'name', t)]}
      >
        <Input id="config-name" autoComplete="off" maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item
        label={t('config.content')}
        name="content"
        htmlFor="config-content"
        rules={[zodRule(ContentFormSchema, 'content', t)]}
      >
        <Input.TextArea id="config-content" autoSize={{ minRows: 6, maxRows: 16 }} maxLength={20_000} showCount />
      </Form.Item>
    </FormModal>
  );
}
