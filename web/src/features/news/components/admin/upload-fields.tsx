import { DeleteOutlined, LoadingOutlined, PaperClipOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { attachmentLabel, type News, type UploadedFile } from '@flood/domain';
import { Button, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api/client';
import { uploadFile } from '../../api/news-api';
import { acceptsFile, IMAGE_ACCEPT } from './news-labels';

/** An attachment in the form: its URL and its original file name (null if the server does not know it). */
export interface Attachment {
  url: string;
  name: string | null;
}

interface Pending {
  key: number;
  name: string;
}

let pendingSeq = 0;

/**
 * Uploads picked files one by one through `POST /api/files`, remembering which are under way and why any
 * failed; `onPendingChange` lets the dialog wait for them before saving.
 */
function useUploader(onPendingChange?: (delta: number) => void) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Pending[]>([]);
  const [errors, setErrors] = useState<string[]>([]);

  const start = (file: File, accept: string, onDone: (uploaded: UploadedFile) => void) => {
    if (!acceptsFile(accept, file)) {
      setErrors((e) => [...e, t('newsAdmin.wrongFileType', { name: file.name })]);
      return;
    }
    const key = ++pendingSeq;
    setPending((p) => [...p, { key, name: file.name }]);
    onPendingChange?.(1);
    uploadFile(file, file.name)
      .then(onDone)
      .catch((error: unknown) => {
        const reason = error instanceof ApiError ? error.body.message : t('errors.generic');
        setErrors((e) => [...e, t('newsAdmin.uploadFailed', { name: file.name, reason })]);
      })
      .finally(() => {
        setPending((p) => p.filter((x) => x.key !== key));
        onPendingChange?.(-1);
      });
  };
  const clearErrors = () => setErrors([]);
  return { pending, errors, start, clearErrors };
}

function UploadErrors({ errors }: { errors: string[] }) {
  if (!errors.length) return null;
  return (
    <div role="alert" className="news-upload-errors">
      {errors.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same message may repeat; the list only grows
        <Typography.Text key={i} type="danger">
          {e}
        </Typography.Text>
      ))}
    </div>
  );
}

interface ImageUploadFieldProps {
  id?: string;
  /** The uploaded image URL (`/api/files/…`), or null. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  onPendingChange?: (delta: number) => void;
  disabled?: boolean;
}

/** The background image: one image, uploaded at once, shown by its thumbnail. */
export function ImageUploadField({ id, value, onChange, onPendingChange, disabled }: ImageUploadFieldProps) {
  const { t } = useTranslation();
  const uploader = useUploader(onPendingChange);
  const busy = uploader.pending.length > 0;
  return (
    <div className="news-image-field">
      {value ? (
        <img className="news-image-preview" src={`${value}/thumbnail`} alt={t('newsAdmin.avatar')} />
      ) : (
        <div className="news-image-empty" aria-hidden>
          <PictureOutlined />
        </div>
      )}
      <div className="news-image-actions">
        <Upload
          accept={IMAGE_ACCEPT}
          showUploadList={false}
          disabled={disabled || busy}
          beforeUpload={(file) => {
            uploader.clearErrors();
            uploader.start(file, IMAGE_ACCEPT, (uploaded) => onChange?.(uploaded.url));
            return Upload.LIST_IGNORE;
          }}
        >
          <Button id={id} icon={busy ? <LoadingOutlined /> : <UploadOutlined />} data-testid="news-avatar-upload">
            {t(value ? 'newsAdmin.avatarChange' : 'newsAdmin.avatarChoose')}
          </Button>
        </Upload>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} disabled={disabled || busy}>
            {t('newsAdmin.avatarRemove')}
          </Button>
        )}
        <Typography.Text type="secondary" className="news-upload-hint">
          {t('newsAdmin.avatarHint')}
        </Typography.Text>
      </div>
      <UploadErrors errors={uploader.errors} />
    </div>
  );
}

/** A saved item's attachments as the form holds them, named as the server knows them. */
export function attachmentsOf(news: Pick<News, 'files' | 'attachments'> | null): Attachment[] {
  return (news?.files ?? []).map((url) => ({
    url,
    name: news?.attachments.find((a) => a.url === url)?.name ?? null,
  }));
}

interface AttachmentsFieldProps {
  id?: string;
  value?: Attachment[];
  onChange?: (value: Attachment[]) => void;
  /** The `accept` list: NEWS_FILE_ACCEPT, or DOCUMENT_FILE_ACCEPT for a directive document. */
  accept: string;
  hint: string;
  /** A directive document has a single PDF. */
  multiple?: boolean;
  onPendingChange?: (delta: number) => void;
  disabled?: boolean;
  'data-testid'?: string;
}

/** Attachments: several files uploaded as they are picked, each listed by name with a link and a remove button. */
export function AttachmentsField({
  id,
  value = [],
  onChange,
  accept,
  hint,
  multiple = true,
  onPendingChange,
  disabled,
  'data-testid': testId,
}: AttachmentsFieldProps) {
  const { t } = useTranslation();
  const uploader = useUploader(onPendingChange);
  // Several uploads finish one after the other: each adds to the latest list, not the one it started with.
  const latest = useRef(value);
  latest.current = value;
  const add = (uploaded: UploadedFile) => {
    const next = [...latest.current, { url: uploaded.url, name: uploaded.name }];
    latest.current = next;
    onChange?.(next);
  };
  const remove = (url: string) => onChange?.(value.filter((f) => f.url !== url));

  return (
    <div className="news-attachments" data-testid={testId}>
      <Upload
        accept={accept}
        multiple={multiple}
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(file) => {
          uploader.clearErrors();
          uploader.start(file, accept, add);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button id={id} icon={<UploadOutlined />}>
          {t('newsAdmin.filesChoose')}
        </Button>
      </Upload>
      <Typography.Text type="secondary" className="news-upload-hint">
        {hint}
      </Typography.Text>
      {(value.length > 0 || uploader.pending.length > 0) && (
        <ul className="news-attachment-list">
          {value.map((file, index) => (
            <li key={file.url} data-testid="news-attachment">
              <PaperClipOutlined aria-hidden />
              <a href={file.url} target="_blank" rel="noopener noreferrer" className="news-attachment-link">
                {file.name ? attachmentLabel(file.name) : t('newsAdmin.fileFallbackName', { n: index + 1 })}
              </a>
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={disabled}
                aria-label={t('newsAdmin.fileRemove', { name: file.name ?? index + 1 })}
                onClick={() => remove(file.url)}
              />
            </li>
          ))}
          {uploader.pending.map((p) => (
            <li key={`pending-${p.key}`} className="news-attachment-pending">
              <LoadingOutlined aria-hidden />
              <span>{t('newsAdmin.uploading', { name: p.name })}</span>
            </li>
          ))}
        </ul>
      )}
      <UploadErrors errors={uploader.errors} />
    </div>
  );
}
