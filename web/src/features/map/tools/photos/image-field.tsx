import { CameraOutlined, PictureOutlined } from '@ant-design/icons';
import { formatNumber } from '@flood/domain';
import { type ChangeEvent, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface ImageFieldProps {
  id: string;
  value?: File | null;
  onChange?: (file: File | null) => void;
  disabled?: boolean;
}

/**
 * The photo of the post (public-portal §2 "image file via camera capture, browse text 'Chụp ảnh'"): a file
 * input that opens the camera, styled as a button, another for a photo taken earlier, and a preview.
 */
export function ImageField({ id, value, onChange, disabled }: ImageFieldProps) {
  const { t, i18n } = useTranslation();
  const isImage = Boolean(value && (value.type === '' || value.type.startsWith('image/')));
  const preview = useMemo(() => (value && isImage ? URL.createObjectURL(value) : null), [value, isImage]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again still counts as a change.
    event.target.value = '';
    if (file) onChange?.(file);
  };

  return (
    <div className="photo-image-field">
      <div className="photo-image-buttons">
        <label className={`photo-file-button photo-file-primary${disabled ? ' is-disabled' : ''}`}>
          <input
            id={id}
            className="photo-file-input"
            type="file"
            accept="image/*"
            capture="environment"
            onChange={chosen}
            disabled={disabled}
            data-testid="photo-capture"
          />
          <CameraOutlined aria-hidden />
          <span>{t('map.photos.capture')}</span>
        </label>
        <label className={`photo-file-button${disabled ? ' is-disabled' : ''}`}>
          <input
            className="photo-file-input"
            type="file"
            accept="image/*"
            onChange={chosen}
            disabled={disabled}
            data-testid="photo-choose"
          />
          <PictureOutlined aria-hidden />
          <span>{t('map.photos.chooseFile')}</span>
        </label>
      </div>
      {preview && (
        <img className="photo-preview" src={preview} alt={t('map.photos.preview')} data-testid="photo-preview" />
      )}
      {value && (
        <div className="photo-file-name" data-testid="photo-file-name">
          {value.name} · {formatBytes(value.size, i18n.language)}
        </div>
      )}
    </div>
  );
}

function formatBytes(bytes: number, lang: string): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const mb = formatNumber(bytes / 1024 / 1024, 1, lang === 'en' ? 'en' : 'vi', 0);
  return `${mb} MB`;
}
