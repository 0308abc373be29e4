import { type Language, WARNING_STATUS_LABELS, type WarningStatus } from '@flood/domain';
import { Tag } from 'antd';

const STATUS_COLOURS: Record<WarningStatus, string> = {
  draft: 'gold',
  scheduled: 'blue',
  active: 'red',
  expired: 'default',
  cancelled: 'default',
};

/** Dark words on the tag's light colour: antd's preset text colours are below WCAG AA's 4.5:1 (#23, axe). */
const READABLE = { color: 'rgba(0, 0, 0, 0.85)' };

/** A warning's status in its words ('Bản nháp – chờ duyệt', 'Đang hiệu lực', …). */
export function WarningStatusTag({ status, lang }: { status: WarningStatus; lang: Language }) {
  return (
    <Tag color={STATUS_COLOURS[status]} className="warning-status" data-status={status} style={READABLE}>
      {WARNING_STATUS_LABELS[status][lang]}
    </Tag>
  );
}
