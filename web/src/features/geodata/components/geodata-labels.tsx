import { DEFAULT_TIME_ZONE, GEODATA_TYPE_INFO, type GeodataItem, type GeodataType, zonedToUtc } from '@flood/domain';
import { Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

/** The label of a geodata type in the interface language. */
export function geodataTypeLabel(type: GeodataType, language: string): string {
  const info = GEODATA_TYPE_INFO[type];
  return language === 'en' ? info.en : info.vi;
}

/**
 * A time picked as DD/MM/YYYY HH:mm on the district's clock (whatever the browser's zone), as the API's
 * UTC ISO without milliseconds, e.g. 2026-11-22T07:00:00Z.
 */
export function districtPickToUtcIso(picked: Dayjs): string {
  const utc = zonedToUtc(
    {
      year: picked.year(),
      month: picked.month() + 1,
      day: picked.date(),
      hour: picked.hour(),
      minute: picked.minute(),
    },
    DEFAULT_TIME_ZONE,
  );
  return utc.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The storage-type badge (colour by type), plus 'Dữ liệu minh hoạ' for seeded demo data. */
export function GeodataTypeTags({ item }: { item: Pick<GeodataItem, 'type' | 'demo'> }) {
  const { i18n } = useTranslation();
  return (
    <Space size={4} wrap>
      <Tag color={GEODATA_TYPE_INFO[item.type].color} data-testid="geodata-type-tag">
        {geodataTypeLabel(item.type, i18n.language)}
      </Tag>
      {item.demo && <DemoTag />}
    </Space>
  );
}

/** 'Dữ liệu minh hoạ': the item (or workbook) is seeded demo data, not real measurements. */
export function DemoTag() {
  const { t } = useTranslation();
  return (
    <Tag color="warning" data-testid="demo-tag">
      {t('demo.title')}
    </Tag>
  );
}
