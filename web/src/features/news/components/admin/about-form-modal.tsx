import { type News, type NewsBody, TEXT_MAX } from '@flood/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../components/form-modal';
import { createNews, newsKeys, updateNews } from '../../api/news-api';
import { showNewsSaveError } from './form-errors';
import { RichTextField } from './rich-text-field';

interface AboutValues {
  name: string;
  content: string;
}

/** The save body of the about page: the single GIOI_THIEU record, published; its other fields are kept. */
export function aboutBodyOf(values: AboutValues, existing: News | null): NewsBody {
  return {
    name: values.name.trim(),
    sapo: existing?.sapo ?? null,
    author: existing?.author ?? null,
    avatar: existing?.avatar ?? null,
    files: existing?.files ?? [],
    content: values.content,
    date: existing?.date ?? null,
    status: 'PUBLISH',
    type: 'GIOI_THIEU',
  };
}

export interface AboutFormModalProps {
  open: boolean;
  /** The about page as stored, or null while none exists (the first save creates it). */
  about: News | null;
  onClose: () => void;
}

/** 'Cập nhật trang giới thiệu': the title and body of /about (DECISIONS.md: the single GIOI_THIEU record). */
export function AboutFormModal({ open, about, onClose }: AboutFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AboutValues>();
  const [pending, setPending] = useState(0);

  const mutation = useMutation({
    mutationFn: (body: NewsBody) => (about ? updateNews(about.id, body) : createNews(body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: newsKeys.all });
      void message.success(t('newsAdmin.aboutUpdated'));
      onClose();
    },
    onError: (error) => showNewsSaveError(form, error, (text) => void message.error(text), t('errors.generic')),
  });

  const onFinish = (values: AboutValues) => {
    if (pending > 0) {
      void message.warning(t('newsAdmin.waitUploads'));
      return;
    }
    mutation.mutate(aboutBodyOf(values, about));
  };

  return (
    <FormModal<AboutValues>
      open={open}
      title={t('newsAdmin.aboutTitle')}
      onClose={onClose}
      form={form}
      onFinish={onFinish}
      loading={mutation.isPending}
      submitTestId="about-submit"
      modalTestId="about-modal"
      width={900}
      initialValues={{ name: about?.name ?? t('newsAdmin.aboutDefaultName'), content: about?.content ?? '' }}
    >
      <Form.Item
        label={t('newsAdmin.aboutName')}
        name="name"
        htmlFor="about-name"
        rules={[
          { required: true, whitespace: true, message: t('newsAdmin.documentTitleRequired') },
          { max: TEXT_MAX, message: t('form.max', { max: TEXT_MAX }) },
        ]}
        validateFirst
      >
        <Input id="about-name" autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={t('newsAdmin.content')}
        name="content"
        rules={[{ required: true, whitespace: true, message: t('newsAdmin.contentRequired') }]}
      >
        <RichTextField
          ariaLabel={t('newsAdmin.content')}
          onPendingChange={(delta) => setPending((p) => p + delta)}
          disabled={mutation.isPending}
        />
      </Form.Item>
    </FormModal>
  );
}
