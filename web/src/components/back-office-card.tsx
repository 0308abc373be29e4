import { Card, Typography } from 'antd';
import { type ReactNode, useId } from 'react';
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

interface SectionCardProps {
  title: string;
  /** Buttons on the title's line (wrapping under it on small screens). */
  actions?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}

/** One of several cards on a page under its own h1: an h2 title, its actions, the content. */
export function SectionCard({ title, actions, children, 'data-testid': testId }: SectionCardProps) {
  const headingId = useId();
  return (
    <Card className="page-card section-card" variant="borderless" data-testid={testId}>
      <section aria-labelledby={headingId}>
        <div className="page-head">
          <Typography.Title level={2} className="section-title" id={headingId}>
            {title}
          </Typography.Title>
          {actions && <div className="page-actions">{actions}</div>}
        </div>
        {children}
      </section>
    </Card>
  );
}

/** The h1 of a page made of several section cards (also the tab title). */
export function PageHeading({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <Typography.Title level={1} className="page-title page-heading">
      {title}
    </Typography.Title>
  );
}
