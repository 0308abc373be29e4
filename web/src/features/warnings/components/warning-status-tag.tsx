import { type Language, WARNING_STATUS_LABELS, type WarningStatus } from '@flood/domain';
import { Tag } from 'antd';

const STATUS_COLOURS: Record<WarningStatus, string> = {
  draft: 'gold',
  scheduled: 'blue',
  active: 'red',
  expired: 'default',
  cancelled: 'default',
};

/** A warning's status in its words ('Bản nháp – chờ duyệt', 'Đang hiệu lực', …). */
export function WarningStatusTag({ status, lang }: { status: WarningStatus; lang: Language }) {
  return (
    <Tag color={STATUS_COLOURS[status]} className="warning-status" data-status={status}>
      {WARNING_STATUS_LABELS[status][lang]}
    </Tag>
  );
}
