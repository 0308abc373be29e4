import { type Category, type CategoryBody, CategoryBodySchema, TEXT_MAX } from '@flood/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, type FormRule, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { parseForm, showFormError, zodRule } from '../../../lib/forms/zod-form';
import { categoriesKeys, createCategory, updateCategory } from '../api/categories-api';

interface CategoryValues {
  name: string;
  objectValue: { data: string };
}

export interface CategoryFormModalProps {
  open: boolean;
  /** The category being edited, or null to add one. */
  category: Category | null;
  onClose: () => void;
}

/** 'Thêm danh mục' / 'Cập nhật danh mục': name required, data optional (each max 255, back-office §5). */
export function CategoryFormModal({ open, category, onClose }: CategoryFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CategoryValues>();

  const mutation = useMutation({
    mutationFn: (body: CategoryBody) => (category ? updateCategory(category.id, body) : createCategory(body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: categoriesKeys.all });
      void message.success(t(category ? 'categories.updateSuccess' : 'categories.createSuccess'));
      onClose();
    },
    onError: (error) =>
      showFormError(form, error, (text) => void message.error(text), t('errors.generic'), {
        showMessageOf: ['NOT_FOUND'],
      }),
  });

  const onFinish = (values: CategoryValues) => {
    const parsed = parseForm(form, CategoryBodySchema, values, t);
    if (parsed) mutation.mutate(parsed);
  };

  // The name has its own required text (spec §5); the schema checks the rest.
  const nameRules: FormRule[] = [
    { required: true, whitespace: true, message: t('categories.nameRequired') },
    zodRule(CategoryBodySchema, 'name', t),
  ];

  return (
    <FormModal<CategoryValues>
      open={open}
      title={t(category ? 'categories.editTitle' : 'categories.createTitle')}
      onClose={onClose}
      form={form}
      onFinish={onFinish}
      loading={mutation.isPending}
      submitTestId="category-submit"
      modalTestId="category-modal"
      initialValues={{ name: category?.name ?? '', objectValue: { data: category?.objectValue.data ?? '' } }}
    >
      <Form.Item label={t('categories.name')} name="name" htmlFor="category-name" rules={nameRules} validateFirst>
        <Input id="category-name" autoComplete="off" maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item
        label={t('categories.data')}
        name={['objectValue', 'data']}
        htmlFor="category-data"
        rules={[zodRule(CategoryBodySchema, 'objectValue', t)]}
      >
        <Input.TextArea id="category-data" maxLength={TEXT_MAX} autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
    </FormModal>
  );
}
