import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Image, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackOfficeCard } from '../../../components/back-office-card';
import { formatDistrictDateTime } from '../../../lib/format/date';
import { fetchGeodataOfType, geodataKeys } from '../api/geodata-api';
import { DemoTag } from '../components/geodata-labels';

const GRID_STYLE = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: 16,
} as const;
const THUMB_STYLE = { width: '100%', height: 180, objectFit: 'cover', display: 'block' } as const;

/** /analyze/sensing-image: the png geodata files as thumbnails 'Hình ảnh N', newest first; a click shows the full image. */
export default function SensingImagesPage() {
  const { t } = useTranslation();
  const images = useQuery({
    queryKey: geodataKeys.ofType('png'),
    queryFn: () => fetchGeodataOfType('png'),
    refetchInterval: 60_000,
  });
  const items = (images.data ?? []).filter((item) => item.url);

  return (
    <BackOfficeCard title={t('page.sensingImage')}>
      {images.isPending ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('geodata.noData')} data-testid="gallery-empty" />
      ) : (
        <Image.PreviewGroup>
          <ul style={{ ...GRID_STYLE, listStyle: 'none', margin: 0, padding: 0 }} data-testid="gallery">
            {items.map((item, index) => {
              const title = t('geodata.imageTitle', { n: index + 1 });
              return (
                <li key={item.id}>
                  <Card
                    size="small"
                    cover={<Image src={item.url!} alt={title} style={THUMB_STYLE} />}
                    data-testid="gallery-item"
                    styles={{ body: { padding: '8px 12px' } }}
                  >
                    <Typography.Title level={2} style={{ fontSize: 15, margin: 0 }}>
                      {title}
                    </Typography.Title>
                    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                      {formatDistrictDateTime(item.time ?? item.createdAt)}
                    </Typography.Text>
                    {item.demo && (
                      <div style={{ marginTop: 4 }}>
                        <DemoTag />
                      </div>
                    )}
                  </Card>
                </li>
              );
            })}
          </ul>
        </Image.PreviewGroup>
      )}
    </BackOfficeCard>
  );
}
