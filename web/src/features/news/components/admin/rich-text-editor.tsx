import {
  BoldOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LoadingOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../api/news-api';
import { IMAGE_ACCEPT } from './news-labels';
import type { RichTextEditorProps } from './rich-text-field';
import { LinkTool, ToolButton } from './rich-text-tools';

/** The editor's HTML, or '' when nothing visible is left (no text, no image): the required rule then fires. */
function htmlOf(editor: Editor): string {
  const html = editor.getHTML();
  return editor.getText().trim() === '' && !html.includes('<img') ? '' : html;
}

/** The TipTap editor of news bodies (loaded lazily through RichTextField). */
export default function RichTextEditor({
  id,
  value,
  onChange,
  ariaLabel,
  onPendingChange,
  disabled,
  'aria-invalid': invalid,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // What the editor last reported: a value equal to it came from typing, not from outside.
  const emitted = useRef(value ?? '');

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // the page's title is the h1; the body starts at h2
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
        },
      }),
      Image.configure({ allowBase64: false }),
    ],
    content: value ?? '',
    editable: !disabled,
    editorProps: {
      attributes: {
        class: 'rich-text-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': ariaLabel,
        ...(id ? { id } : {}),
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = htmlOf(e);
      emitted.current = html;
      onChangeRef.current?.(html);
    },
  });

  // A value set from outside (the form reset) replaces the content; our own updates are left alone.
  useEffect(() => {
    if (value === undefined || value === emitted.current || editor.isDestroyed) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    // no update event: it would run the required rule before anything was typed
    if (!editor.isDestroyed) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  const insertImage = async (file: File) => {
    setImageError(null);
    setUploading(true);
    onPendingChange?.(1);
    try {
      const uploaded = await uploadFile(file, file.name);
      editor
        .chain()
        .focus()
        .setImage({ src: uploaded.url, alt: file.name.replace(/\.[^.]*$/, '') })
        .run();
    } catch (error) {
      // back-office §8: a failed image upload is logged; a short line under the toolbar says so too
      console.error('News editor: image upload failed', error);
      setImageError(t('newsAdmin.editor.imageFailed'));
    } finally {
      setUploading(false);
      onPendingChange?.(-1);
    }
  };

  const run = (fn: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) =>
    fn(editor.chain().focus()).run();
  const off = disabled;

  return (
    <div className={invalid ? 'rich-text rich-text-invalid' : 'rich-text'} data-testid="rich-text">
      <div className="rich-text-toolbar" role="toolbar" aria-label={t('newsAdmin.editor.toolbar')}>
        <ToolButton
          label={t('newsAdmin.editor.bold')}
          icon={<BoldOutlined />}
          active={state.bold}
          disabled={off}
          onClick={() => run((c) => c.toggleBold())}
        />
        <ToolButton
          label={t('newsAdmin.editor.italic')}
          icon={<ItalicOutlined />}
          active={state.italic}
          disabled={off}
          onClick={() => run((c) => c.toggleItalic())}
        />
        <ToolButton
          label={t('newsAdmin.editor.underline')}
          icon={<UnderlineOutlined />}
          active={state.underline}
          disabled={off}
          onClick={() => run((c) => c.toggleUnderline())}
        />
        <span className="rich-text-separator" aria-hidden />
        <ToolButton
          label={t('newsAdmin.editor.heading2')}
          active={state.h2}
          disabled={off}
          onClick={() => run((c) => c.toggleHeading({ level: 2 }))}
        >
          H2
        </ToolButton>
        <ToolButton
          label={t('newsAdmin.editor.heading3')}
          active={state.h3}
          disabled={off}
          onClick={() => run((c) => c.toggleHeading({ level: 3 }))}
        >
          H3
        </ToolButton>
        <ToolButton
          label={t('newsAdmin.editor.bulletList')}
          icon={<UnorderedListOutlined />}
          active={state.bulletList}
          disabled={off}
          onClick={() => run((c) => c.toggleBulletList())}
        />
        <ToolButton
          label={t('newsAdmin.editor.orderedList')}
          icon={<OrderedListOutlined />}
          active={state.orderedList}
          disabled={off}
          onClick={() => run((c) => c.toggleOrderedList())}
        />
        <span className="rich-text-separator" aria-hidden />
        <LinkTool editor={editor} disabled={off} />
        <ToolButton
          label={t('newsAdmin.editor.unlink')}
          icon={<DisconnectOutlined />}
          disabled={off || !state.link}
          onClick={() => run((c) => c.extendMarkRange('link').unsetLink())}
        />
        <ToolButton
          label={uploading ? t('newsAdmin.editor.imageUploading') : t('newsAdmin.editor.image')}
          icon={uploading ? <LoadingOutlined /> : <PictureOutlined />}
          disabled={off || uploading}
          onClick={() => fileInput.current?.click()}
        />
        <span className="rich-text-separator" aria-hidden />
        <ToolButton
          label={t('newsAdmin.editor.undo')}
          icon={<UndoOutlined />}
          disabled={off || !state.canUndo}
          onClick={() => run((c) => c.undo())}
        />
        <ToolButton
          label={t('newsAdmin.editor.redo')}
          icon={<RedoOutlined />}
          disabled={off || !state.canRedo}
          onClick={() => run((c) => c.redo())}
        />
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_ACCEPT}
          // inline: antd's form styles show file inputs as blocks
          style={{ display: 'none' }}
          data-testid="rich-text-image-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void insertImage(file);
          }}
        />
      </div>
      {imageError && (
        <Typography.Text type="danger" role="alert" className="rich-text-error">
          {imageError}
        </Typography.Text>
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
