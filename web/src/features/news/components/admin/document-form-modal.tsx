import { DOCUMENT_FILE_ACCEPT, NEWS_SAPO_MAX, type News, type NewsBody, TEXT_MAX } from '@flood/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, type FormRule, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../components/form-modal';
import { createNews, newsKeys, updateNews } from '../../api/news-api';
import { showNewsSaveError } from './form-errors';
import { documentBody } from './news-labels';
import { type Attachment, AttachmentsField, attachmentsOf } from './upload-fields';

interface DocumentValues {
  name: string;
  sapo: string;
  files: Attachment[];
}

/**
 * The save body of a directive document (back-office §4): always PUBLISH and DOCUMENT. The server needs a
 * body: it is the description (or the title) as one paragraph; a body written otherwise (e.g. imported) is
 * kept unless it was generated from the previous text.
 */
export function documentBodyOf(values: DocumentValues, existing: News | null): NewsBody {
  const name = values.name.trim();
  const sapo = values.sapo?.trim() || null;
  const generatedBefore = existing ? documentBody(existing.sapo || existing.name) : null;
  const keepContent = existing && existing.content !== generatedBefore;
  return {
    name,
    sapo,
    author: existing?.author ?? null,
    avatar: existing?.avatar ?? null,
    files: values.files.map((f) => f.url),
    content: keepContent ? existing.content : documentBody(sapo || name),
    date: existing?.date ?? null,
    status: 'PUBLISH',
    type: 'DOCUMENT',
  };
}

export interface DocumentFormModalProps {
  open: boolean;
  /** The document being edited (the full item), or null to add one. */
  document: News | null;
  onClose: () => void;
}

/** 'Thêm văn bản chỉ đạo' / 'Cập nhật văn bản chỉ đạo': title, description and the PDF (back-office §2.1). */
export function DocumentFormModal({ open, document, onClose }: DocumentFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DocumentValues>();
  const [pending, setPending] = useState(0);

  const mutation = useMutation({
    mutationFn: (body: NewsBody) => (document ? updateNews(document.id, body) : createNews(body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: newsKeys.all });
      void message.success(t(document ? 'newsAdmin.documentUpdated' : 'newsAdmin.documentCreated'));
      onClose();
    },
    onError: (error) => showNewsSaveError(form, error, (text) => void message.error(text), t('errors.generic')),
  });

  const onFinish = (values: DocumentValues) => {
    if (pending > 0) {
      void message.warning(t('newsAdmin.waitUploads'));
      return;
    }
    mutation.mutate(documentBodyOf(values, document));
  };

  const max = (n: number): FormRule => ({ max: n, message: t('form.max', { max: n }) });

  return (
    <FormModal<DocumentValues>
      open={open}
      title={t(document ? 'newsAdmin.documentEditTitle' : 'newsAdmin.documentCreateTitle')}
      onClose={onClose}
      form={form}
      onFinish={onFinish}
      loading={mutation.isPending}
      submitTestId="document-submit"
      modalTestId="document-modal"
      width={600}
      initialValues={{
        name: document?.name ?? '',
        sapo: document?.sapo ?? '',
        files: attachmentsOf(document),
      }}
    >
      <Form.Item
        label={t('newsAdmin.documentTitle')}
        name="name"
        htmlFor="document-name"
        rules={[{ required: true, whitespace: true, message: t('newsAdmin.documentTitleRequired') }, max(TEXT_MAX)]}
        validateFirst
      >
        <Input id="document-name" autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={t('newsAdmin.documentDescription')}
        name="sapo"
        htmlFor="document-sapo"
        rules={[max(NEWS_SAPO_MAX)]}
      >
        <Input.TextArea id="document-sapo" autoSize={{ minRows: 3, maxRows: 6 }} />
      </Form.Item>
      <Form.Item
        label={t('newsAdmin.documentFiles')}
        name="files"
        htmlFor="document-files"
        required
        rules={[
          {
            validator: async (_rule, value: Attachment[] | undefined) => {
              if (!value?.length) throw new Error(t('newsAdmin.documentFilesRequired'));
            },
          },
        ]}
      >
        <AttachmentsField
          id="document-files"
          accept={DOCUMENT_FILE_ACCEPT}
          hint={t('newsAdmin.documentFilesHint')}
          onPendingChange={(delta) => setPending((p) => p + delta)}
          disabled={mutation.isPending}
          data-testid="document-files"
        />
      </Form.Item>
    </FormModal>
  );
}
