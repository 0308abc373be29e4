import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import { FLOOD_PHOTO_THUMB_PX, type FloodPhoto, formatNumber } from '@flood/domain';
import { Button, Image, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const coordinate = (n: number) => formatNumber(n, 6, 'vi', 4);

/**
 * The photo's 40 px thumbnail (what the server keeps for lists); a click opens the full photo in antd's viewer,
 * fetched only then.
 */
export function FloodPhotoThumbnail({ photo }: { photo: FloodPhoto }) {
  const { t } = useTranslation();
  return (
    <Image
      src={photo.thumbnail}
      alt={t('floodImages.imageAlt', { location: photo.location })}
      width={FLOOD_PHOTO_THUMB_PX}
      height={FLOOD_PHOTO_THUMB_PX}
      style={{ objectFit: 'cover', borderRadius: 4 }}
      preview={{ src: photo.image, cover: <EyeOutlined aria-hidden /> }}
      data-testid={`flood-photo-thumb-${photo.id}`}
    />
  );
}

/** The description, or a dash; seeded demo photos say so. */
export function FloodPhotoDescription({ photo }: { photo: FloodPhoto }) {
  const { t } = useTranslation();
  return (
    <span className="flood-photo-desc">
      {photo.desc || '—'}
      {photo.demo && (
        <Tag color="warning" style={{ marginInlineStart: 8 }}>
          {t('demo.title')}
        </Tag>
      )}
    </span>
  );
}

/** The place as typed, with its coordinates under it (latitude, longitude). */
export function FloodPhotoLocation({ photo }: { photo: FloodPhoto }) {
  const { t } = useTranslation();
  return (
    <div className="flood-photo-location">
      <div>{photo.location}</div>
      <div style={{ color: 'rgba(0, 0, 0, 0.55)', fontSize: 13 }} data-testid={`flood-photo-coordinates-${photo.id}`}>
        {t('floodImages.coordinates', { lat: coordinate(photo.lat), long: coordinate(photo.long) })}
      </div>
    </div>
  );
}

/** The row's only action: delete (the list is read-only otherwise, back-office §2.11). */
export function FloodPhotoDeleteButton({ onDelete }: { onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('common.delete')}>
      <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={onDelete} />
    </Tooltip>
  );
}
