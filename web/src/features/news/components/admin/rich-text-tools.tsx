import { LinkOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { Button, Input, Popover, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The toolbar buttons of the news editor.

/** A typed link address as a usable one: web addresses without a scheme get https://. */
export function normaliseLink(text: string): string {
  const url = text.trim();
  if (!url) return '';
  if (/^(https?:\/\/|mailto:|\/)/i.test(url)) return url;
  return `https://${url}`;
}

export function ToolButton(props: {
  label: string;
  icon?: ReactNode;
  children?: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={props.label}>
      <Button
        type="text"
        size="small"
        className={props.active ? 'rich-text-tool is-active' : 'rich-text-tool'}
        icon={props.icon}
        aria-label={props.label}
        aria-pressed={props.active}
        disabled={props.disabled}
        // keep the selection in the editor while clicking the toolbar
        onMouseDown={(e) => e.preventDefault()}
        onClick={props.onClick}
      >
        {props.children}
      </Button>
    </Tooltip>
  );
}

/** The link button: a small box for the address; an empty address removes the link. */
export function LinkTool({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const apply = () => {
    const href = normaliseLink(url);
    const chain = editor.chain().focus().extendMarkRange('link');
    if (!href) chain.unsetLink().run();
    else if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      trigger="click"
      onOpenChange={(next) => {
        if (next) setUrl((editor.getAttributes('link').href as string | undefined) ?? '');
        setOpen(next);
      }}
      content={
        <div className="rich-text-link-box">
          <Input
            autoFocus
            size="small"
            value={url}
            placeholder="https://"
            aria-label={t('newsAdmin.editor.linkUrl')}
            onChange={(e) => setUrl(e.target.value)}
            onPressEnter={(e) => {
              e.preventDefault();
              apply();
            }}
            data-testid="rich-text-link-url"
          />
          <Button size="small" type="primary" onClick={apply}>
            {t('newsAdmin.editor.linkApply')}
          </Button>
        </div>
      }
    >
      <span>
        <ToolButton
          label={t('newsAdmin.editor.link')}
          icon={<LinkOutlined />}
          active={editor.isActive('link')}
          disabled={disabled}
          onClick={() => {}}
        />
      </span>
    </Popover>
  );
}
