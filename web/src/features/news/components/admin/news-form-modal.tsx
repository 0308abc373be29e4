import {
  NEWS_FILE_ACCEPT,
  NEWS_SAPO_MAX,
  NEWS_STATUSES,
  type News,
  type NewsBody,
  type NewsStatus,
  TEXT_MAX,
} from '@flood/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, DatePicker, Form, type FormRule, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../components/form-modal';
import { UnitsField } from '../../../../components/units-field';
import { districtPickToUtcIso, utcIsoToDistrictPick } from '../../../../lib/format/date';
import { useSession } from '../../../../lib/session/session-store';
import { createNews, newsKeys, updateNews } from '../../api/news-api';
import { showNewsSaveError } from './form-errors';
import { FORM_NEWS_TYPES, type FormNewsType } from './news-labels';
import { RichTextField } from './rich-text-field';
import { type Attachment, AttachmentsField, attachmentsOf, ImageUploadField } from './upload-fields';

export const NEWS_DATE_FORMAT = 'DD/MM/YYYY HH:mm:ss';

interface NewsValues {
  name: string;
  sapo: string;
  author: string;
  avatar: string | null;
  files: Attachment[];
  content: string;
  date: Dayjs | null;
  status: NewsStatus;
  type: FormNewsType;
  /** The units it is about (#26 point 4); empty: the whole area. */
  units: string[];
}

/** The save body of the form (back-office §5): the date typed on the district clock goes as UTC ISO, no ms. */
export function newsBodyOf(values: NewsValues): NewsBody {
  return {
    name: values.name.trim(),
    sapo: values.sapo?.trim() || null,
    author: values.author?.trim() || null,
    avatar: values.avatar ?? null,
    files: (values.files ?? []).map((f) => f.url),
    content: values.content,
    date: values.date ? districtPickToUtcIso(values.date) : null,
    status: values.status,
    type: values.type,
    units: values.units ?? [],
  };
}

/** `scope`: a commune officer's units (#26), a new item's units: it may write only its units' news. */
function initialValues(news: News | null, scope: readonly string[]): NewsValues {
  return {
    name: news?.name ?? '',
    sapo: news?.sapo ?? '',
    author: news?.author ?? '',
    avatar: news?.avatar ?? null,
    files: attachmentsOf(news),
    content: news?.content ?? '',
    date: news ? utcIsoToDistrictPick(news.date) : null,
    // back-office §4: a new item takes the first status (DRAFT) and the first type (NORMAL)
    status: news?.status ?? NEWS_STATUSES[0],
    type: news && (FORM_NEWS_TYPES as readonly string[]).includes(news.type) ? (news.type as FormNewsType) : 'NORMAL',
    units: news?.units ?? [...scope],
  };
}

export interface NewsFormModalProps {
  open: boolean;
  /** The item being edited (with its body), or null to add one. */
  news: News | null;
  onClose: () => void;
  /** After a successful save (the page shows the tab of the saved type). */
  onSaved?: (news: News) => void;
}

/** 'Thêm tin tức' / 'Cập nhật tin tức' (back-office §2.1, §5). */
export function NewsFormModal({ open, news, onClose, onSaved }: NewsFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<NewsValues>();
  const session = useSession();
  const [pending, setPending] = useState(0);
  const onPendingChange = (delta: number) => setPending((p) => p + delta);

  const mutation = useMutation({
    mutationFn: (body: NewsBody) => (news ? updateNews(news.id, body) : createNews(body)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: newsKeys.all });
      void message.success(t(news ? 'newsAdmin.updated' : 'newsAdmin.created'));
      onSaved?.(saved);
      onClose();
    },
    onError: (error) => showNewsSaveError(form, error, (text) => void message.error(text), t('errors.generic')),
  });

  const onFinish = (values: NewsValues) => {
    if (pending > 0) {
      void message.warning(t('newsAdmin.waitUploads'));
      return;
    }
    mutation.mutate(newsBodyOf(values));
  };

  const max = (n: number): FormRule => ({ max: n, message: t('form.max', { max: n }) });
  const busy = mutation.isPending;

  return (
    <FormModal<NewsValues>
      open={open}
      title={t(news ? 'newsAdmin.editTitle' : 'newsAdmin.createTitle')}
      onClose={onClose}
      form={form}
      onFinish={onFinish}
      loading={busy}
      submitTestId="news-submit"
      modalTestId="news-modal"
      width={900}
      initialValues={initialValues(news, session?.userDetail.units ?? [])}
    >
      <Form.Item
        label={t('newsAdmin.name')}
        name="name"
        htmlFor="news-name"
        rules={[{ required: true, whitespace: true, message: t('newsAdmin.nameRequired') }, max(TEXT_MAX)]}
        validateFirst
      >
        <Input id="news-name" autoComplete="off" />
      </Form.Item>
      <Form.Item label={t('newsAdmin.sapo')} name="sapo" htmlFor="news-sapo" rules={[max(NEWS_SAPO_MAX)]}>
        <Input.TextArea id="news-sapo" autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <div className="news-form-grid">
        <div className="news-form-wide">
          <Form.Item label={t('newsAdmin.author')} name="author" htmlFor="news-author" rules={[max(TEXT_MAX)]}>
            <Input id="news-author" autoComplete="off" />
          </Form.Item>
        </div>
        <div>
          <Form.Item label={t('newsAdmin.type')} name="type" htmlFor="news-type">
            <Select
              id="news-type"
              data-testid="news-type"
              options={FORM_NEWS_TYPES.map((value) => ({ value, label: t(`newsAdmin.type${value}`) }))}
            />
          </Form.Item>
        </div>
        <div>
          <Form.Item label={t('newsAdmin.status')} name="status" htmlFor="news-status">
            <Select
              id="news-status"
              data-testid="news-status-select"
              options={NEWS_STATUSES.map((value) => ({ value, label: t(`newsAdmin.status${value}`) }))}
            />
          </Form.Item>
        </div>
        <div className="news-form-wide">
          <Form.Item label={t('newsAdmin.date')} name="date" htmlFor="news-date" extra={t('newsAdmin.dateHelp')}>
            <DatePicker
              id="news-date"
              showTime
              format={NEWS_DATE_FORMAT}
              placeholder={t('newsAdmin.datePlaceholder')}
              className="full-width"
              data-testid="news-date"
            />
          </Form.Item>
        </div>
        <div className="news-form-wide">
          <UnitsField
            id="news-units"
            label={t('newsAdmin.units')}
            help={t('newsAdmin.unitsHelp')}
            placeholder={t('newsAdmin.unitsAll')}
          />
        </div>
        <div className="news-form-wide">
          <Form.Item label={t('newsAdmin.avatar')} name="avatar" htmlFor="news-avatar">
            <ImageUploadField id="news-avatar" onPendingChange={onPendingChange} disabled={busy} />
          </Form.Item>
        </div>
      </div>
      <Form.Item label={t('newsAdmin.files')} name="files" htmlFor="news-files">
        <AttachmentsField
          id="news-files"
          accept={NEWS_FILE_ACCEPT}
          hint={t('newsAdmin.filesHint')}
          onPendingChange={onPendingChange}
          disabled={busy}
          data-testid="news-files"
        />
      </Form.Item>
      <Form.Item
        label={t('newsAdmin.content')}
        name="content"
        rules={[{ required: true, whitespace: true, message: t('newsAdmin.contentRequired') }]}
      >
        <RichTextField ariaLabel={t('newsAdmin.content')} onPendingChange={onPendingChange} disabled={busy} />
      </Form.Item>
    </FormModal>
  );
}
