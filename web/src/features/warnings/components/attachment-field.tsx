import { DeleteOutlined, LoadingOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client';
import { uploadBulletin } from '../api/warning-admin-api';
import type { AttachmentValue } from '../model/warning-form';

const PDF_ACCEPT = 'application/pdf,.pdf';
const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

export interface AttachmentFieldProps {
  id?: string;
  value?: AttachmentValue | null;
  onChange?: (value: AttachmentValue | null) => void;
  /** +1 when an upload starts, -1 when it ends: the dialog waits for it before saving. */
  onPendingChange?: (delta: number) => void;
  disabled?: boolean;
}

/** The official bulletin: one PDF, uploaded as soon as it is picked, shown by its name with a link. */
export function AttachmentField({ id, value, onChange, onPendingChange, disabled }: AttachmentFieldProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = (file: File) => {
    setError(null);
    if (!isPdf(file)) {
      setError(t('warningAdmin.attachmentWrongType'));
      return;
    }
    setBusy(true);
    onPendingChange?.(1);
    uploadBulletin(file, file.name)
      .then((uploaded) => onChange?.({ id: uploaded.id, name: uploaded.name, url: uploaded.url }))
      .catch((e: unknown) =>
        setError(
          t('warningAdmin.attachmentFailed', { reason: e instanceof ApiError ? e.body.message : t('errors.generic') }),
        ),
      )
      .finally(() => {
        setBusy(false);
        onPendingChange?.(-1);
      });
  };
  return (
    <div className="warning-attachment" data-testid="warning-attachment">
      <Upload
        accept={PDF_ACCEPT}
        showUploadList={false}
        disabled={disabled || busy}
        beforeUpload={(file) => {
          start(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button id={id} icon={busy ? <LoadingOutlined /> : <UploadOutlined />} data-testid="warning-attachment-upload">
          {t('warningAdmin.attachmentChoose')}
        </Button>
      </Upload>
      <Typography.Text type="secondary" className="warning-hint">
        {busy ? t('warningAdmin.uploading') : t('warningAdmin.attachmentHint')}
      </Typography.Text>
      {value && (
        <div className="warning-attachment-file" data-testid="warning-attachment-file">
          <PaperClipOutlined aria-hidden />
          {value.url ? (
            <a href={value.url} target="_blank" rel="noopener noreferrer">
              {value.name ?? value.id}
            </a>
          ) : (
            <span>{value.name ?? value.id}</span>
          )}
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            disabled={disabled}
            aria-label={t('warningAdmin.attachmentRemove')}
            onClick={() => onChange?.(null)}
          />
        </div>
      )}
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
