import { FileAddOutlined, InfoCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { News, NewsSummary } from '@flood/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/back-office-card';
import { useRowEditor } from '../../../components/use-row-editor';
import { fetchAbout, fetchNews, newsKeys } from '../api/news-api';
import { AboutFormModal } from '../components/admin/about-form-modal';
import { DocumentFormModal } from '../components/admin/document-form-modal';
import { DocumentsTable } from '../components/admin/documents-table';
import '../components/admin/manage-news.css';
import { NewsFormModal } from '../components/admin/news-form-modal';
import { NewsTable } from '../components/admin/news-table';
import { ViewStatisticCards } from '../components/admin/view-statistic-cards';

type Tab = 'NORMAL' | 'WARNING' | 'DOCUMENT';
type DialogKind = 'news' | 'document' | 'about';
interface Dialog {
  kind: DialogKind;
  /** The full item (with its body) being edited, or null for a new one. */
  item: News | null;
}

/**
 * /news/manage-news (back-office §2.1): view statistics, the news of each type, directive documents and the
 * about page. An edit first reads the full item (the lists carry no body).
 */
export default function ManageNewsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('NORMAL');
  const [opening, setOpening] = useState(false);
  const dialog = useRowEditor<Dialog>();

  const openWith = async (kind: DialogKind, load: () => Promise<News | null>) => {
    setOpening(true);
    try {
      dialog.open({ kind, item: await load() });
    } catch {
      // the API client has shown the error
    } finally {
      setOpening(false);
    }
  };
  const loadItem = (row: NewsSummary) => () =>
    queryClient.fetchQuery({ queryKey: newsKeys.item(row.id), queryFn: () => fetchNews(row.id), staleTime: 0 });
  const editNews = (row: NewsSummary) => void openWith('news', loadItem(row));
  const editDocument = (row: NewsSummary) => void openWith('document', loadItem(row));
  const editAbout = () =>
    void openWith('about', () =>
      queryClient.fetchQuery({ queryKey: newsKeys.about, queryFn: fetchAbout, staleTime: 0 }),
    );

  const seq = dialog.editing?.seq;
  const current = dialog.editing?.item;
  const modalProps = { open: dialog.isOpen, onClose: dialog.close };

  return (
    <div className="page-stack manage-news">
      <PageHeading title={t('page.manageNews')} />
      <ViewStatisticCards />
      <Card className="page-card" variant="borderless">
        <div className="page-actions manage-news-actions">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => dialog.open({ kind: 'news', item: null })}
            data-testid="news-add"
          >
            {t('newsAdmin.addNews')}
          </Button>
          <Button icon={<InfoCircleOutlined />} onClick={editAbout} loading={opening} data-testid="about-edit">
            {t('newsAdmin.updateAbout')}
          </Button>
          <Button
            icon={<FileAddOutlined />}
            onClick={() => dialog.open({ kind: 'document', item: null })}
            data-testid="document-add"
          >
            {t('newsAdmin.addDocument')}
          </Button>
        </div>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as Tab)}
          aria-label={t('newsAdmin.tabs')}
          items={[
            {
              key: 'NORMAL',
              label: t('newsAdmin.tabNormal'),
              children: <NewsTable type="NORMAL" onEdit={editNews} />,
            },
            {
              key: 'WARNING',
              label: t('newsAdmin.tabWarning'),
              children: <NewsTable type="WARNING" onEdit={editNews} />,
            },
            {
              key: 'DOCUMENT',
              label: t('newsAdmin.tabDocument'),
              children: <DocumentsTable onEdit={editDocument} />,
            },
          ]}
        />
      </Card>
      {current?.kind === 'news' && (
        <NewsFormModal
          key={seq}
          {...modalProps}
          news={current.item}
          // a new item shows in its own tab
          onSaved={(saved) => !current.item && setTab(saved.type as Tab)}
        />
      )}
      {current?.kind === 'document' && <DocumentFormModal key={seq} {...modalProps} document={current.item} />}
      {current?.kind === 'about' && <AboutFormModal key={seq} {...modalProps} about={current.item} />}
    </div>
  );
}
