import { FileOutlined, FilePdfOutlined, FileWordOutlined } from '@ant-design/icons';
import { type AttachmentKind, attachmentKind, attachmentLabel, type NewsAttachment } from '@flood/domain';
import { useTranslation } from 'react-i18next';
import { NewTabLink } from './news-links';

const ICONS: Record<AttachmentKind, typeof FileOutlined> = {
  pdf: FilePdfOutlined,
  doc: FileWordOutlined,
  other: FileOutlined,
};

/** 'Tệp đính kèm': each file with its pdf/doc/other icon and label, opening in a new tab. */
export function AttachmentList({ attachments }: { attachments: NewsAttachment[] }) {
  const { t } = useTranslation();
  if (attachments.length === 0) return null;
  return (
    <section className="news-detail-files" aria-labelledby="news-detail-files-title">
      <h2 id="news-detail-files-title" className="news-subtitle">
        {t('newsPublic.attachments')}
      </h2>
      <ul className="news-detail-file-list">
        {attachments.map((file) => {
          const label = attachmentLabel(file.name);
          const kind = attachmentKind(label);
          const Icon = ICONS[kind];
          return (
            <li key={file.url}>
              <NewTabLink href={file.url} className={`news-detail-file news-detail-file-${kind}`}>
                <Icon className="news-detail-file-icon" aria-hidden />
                <span className="news-sr-only">{t(`newsPublic.fileKind.${kind}`)}: </span>
                <span className="news-detail-file-name">{label}</span>
              </NewTabLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
