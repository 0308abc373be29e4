import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

export interface RichTextEditorProps {
  id?: string;
  /** The HTML body; '' while the editor holds no visible content (so the required rule can fire). */
  value?: string;
  onChange?: (html: string) => void;
  /** The field's label, read to screen-reader users in the editing area. */
  ariaLabel: string;
  /** An image upload started (+1) or ended (-1): the dialog waits for them before saving. */
  onPendingChange?: (delta: number) => void;
  disabled?: boolean;
  'aria-invalid'?: boolean;
}

// TipTap and ProseMirror (~100 KB gzip) load only when a news dialog opens, never with a public page.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** The news body field (back-office §2.1 "body (rich text)"): the lazily loaded TipTap editor. */
export function RichTextField(props: RichTextEditorProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <div className="rich-text rich-text-loading" data-testid="rich-text-loading">
          <Spin size="small" /> {t('newsAdmin.editor.loading')}
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
