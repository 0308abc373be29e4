import { ClockCircleOutlined } from '@ant-design/icons';
import type { NewsStatus } from '@flood/domain';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** The news types the news form offers; DOCUMENT and GIOI_THIEU have their own dialogs. */
export const FORM_NEWS_TYPES = ['NORMAL', 'WARNING'] as const;
export type FormNewsType = (typeof FORM_NEWS_TYPES)[number];

/** What the background image accepts (back-office §5 "images only"). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * Whether a picked file matches an `accept` list ('.pdf', 'image/png', 'image/*'), checked before uploading so
 * a wrong file is named at once (the server checks the content again).
 */
export function acceptsFile(accept: string, file: { name: string; type: string }): boolean {
  const name = file.name.toLowerCase();
  const mime = file.type.toLowerCase();
  return accept
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .some((a) => {
      if (a.startsWith('.')) return name.endsWith(a);
      if (a.endsWith('/*')) return mime.startsWith(a.slice(0, -1));
      return mime === a;
    });
}

/** A news body generated from a directive document's text (the server requires a body; documents have none). */
export function documentBody(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<p>${escaped}</p>`;
}

/**
 * The status badge (back-office §4): PUBLISH green, others grey. A published item whose date has not come yet
 * is not on the public pages: a second tag says so.
 */
export function NewsStatusTag({ status, date }: { status: NewsStatus; date: string }) {
  const { t } = useTranslation();
  const scheduled = status === 'PUBLISH' && Date.parse(date) > Date.now();
  return (
    <Space size={4} wrap>
      <Tag color={status === 'PUBLISH' ? 'green' : 'default'} data-testid="news-status">
        {t(`newsAdmin.status${status}`)}
      </Tag>
      {scheduled && (
        <Tag icon={<ClockCircleOutlined />} color="blue">
          {t('newsAdmin.scheduled')}
        </Tag>
      )}
    </Space>
  );
}
