import { GeodataFolderBodySchema, TEXT_MAX } from '@flood/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { showFormError } from '../../../lib/forms/zod-form';
import { createFolder, geodataKeys } from '../api/geodata-api';

interface FolderValues {
  name: string;
}

export interface FolderFormModalProps {
  open: boolean;
  /** The folder the new one goes into (null = the root). */
  parentId: number | null;
  onClose: () => void;
}

/** 'Tạo thư mục': a name (required, max 255) in the current folder. */
export function FolderFormModal({ open, parentId, onClose }: FolderFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FolderValues>();

  const mutation = useMutation({
    mutationFn: createFolder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: geodataKeys.all });
      void message.success(t('geodata.folderCreated'));
      onClose();
    },
    onError: (error) =>
      showFormError(form, error, (text) => void message.error(text), t('errors.generic'), {
        showMessageOf: ['VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
      }),
  });

  const onFinish = (values: FolderValues) => {
    const parsed = GeodataFolderBodySchema.safeParse({ name: values.name, type: 'FOLDER', parentId });
    if (!parsed.success) {
      form.setFields([{ name: 'name', errors: [t('geodata.folderNameRequired')] }]);
      return;
    }
    mutation.mutate(parsed.data);
  };

  return (
    <FormModal<FolderValues>
      open={open}
      title={t('geodata.addFolder')}
      onClose={onClose}
      form={form}
      onFinish={onFinish}
      loading={mutation.isPending}
      submitTestId="folder-submit"
      modalTestId="folder-modal"
      initialValues={{ name: '' }}
    >
      <Form.Item
        label={t('geodata.folderName')}
        name="name"
        htmlFor="folder-name"
        required
        rules={[
          { required: true, whitespace: true, message: t('geodata.folderNameRequired') },
          { max: TEXT_MAX, message: t('form.max', { max: TEXT_MAX }) },
        ]}
      >
        <Input id="folder-name" maxLength={TEXT_MAX} autoFocus />
      </Form.Item>
    </FormModal>
  );
}
