import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';

interface BackOfficeCardProps {
  title: string;
  /** Search box and buttons, on the title's line (wrapping under it on small screens). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The card of a back-office list page: the page title (h1, also the tab title), its actions, the table. */
export function BackOfficeCard({ title, actions, children }: BackOfficeCardProps) {
  useDocumentTitle(title);
  return (
    <Card className="page-card" variant="borderless">
      <div className="page-head">
        <Typography.Title level={1} className="page-title">
          {title}
        </Typography.Title>
        {actions && <div className="page-actions">{actions}</div>}
      </div>
      {children}
    </Card>
  );
}
