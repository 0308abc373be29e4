import { Button, Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormModalProps<V> {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  form: FormInstance<V>;
  onFinish: (values: V) => void;
  /** The submission is running: the submit button spins and the fields are disabled. */
  loading?: boolean;
  /** data-testid of the submit button. */
  submitTestId: string;
  /** Submit button text; defaults to 'Lưu'. */
  submitText?: ReactNode;
  initialValues?: Partial<V>;
  onValuesChange?: (changed: Partial<V>, all: V) => void;
  width?: number;
  /** data-testid around the whole dialog. */
  modalTestId?: string;
  children: ReactNode;
}

const FIELD = [
  'input:not([type="hidden"]):not([type="file"]):not([disabled]):not([readonly])',
  'textarea:not([disabled]):not([readonly])',
  '[contenteditable="true"]',
].join(', ');

/**
 * Focuses the first field a person can type into or choose in, if any — unless the person is already in the
 * dialog (clicked a field while it was still opening on a slow phone): their text stays where they put it.
 */
export function focusFirstField(root: HTMLElement | null): void {
  if (!root) return;
  const active = root.ownerDocument.activeElement;
  if (active && active !== root && root.contains(active)) return;
  root.querySelector<HTMLElement>(FIELD)?.focus();
}

/** A dialog holding one antd form, with 'Huỷ' and 'Lưu' in the footer; its fields are destroyed on close. */
export function FormModal<V extends object>({
  open,
  title,
  onClose,
  form,
  onFinish,
  loading = false,
  submitTestId,
  submitText,
  initialValues,
  onValuesChange,
  width = 480,
  modalTestId,
  children,
}: FormModalProps<V>) {
  const { t } = useTranslation();
  const body = useRef<HTMLDivElement>(null);
  return (
    <Modal
      // People type at once: the first field takes the focus when the dialog has opened (not the dialog itself).
      afterOpenChange={(opened) => {
        if (opened) focusFirstField(body.current);
      }}
      open={open}
      title={title}
      onCancel={onClose}
      // A click beside the dialog (a slip of the finger, or on a dialog that is still moving) must not throw away
      // what was typed: it closes with 'Huỷ', the ✕ or Escape only.
      mask={{ closable: false }}
      destroyOnHidden
      centered
      width={width}
      afterClose={() => form.resetFields()}
      modalRender={modalTestId ? (node) => <div data-testid={modalTestId}>{node}</div> : undefined}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="submit" type="primary" loading={loading} onClick={() => form.submit()} data-testid={submitTestId}>
          {submitText ?? t('common.save')}
        </Button>,
      ]}
    >
      <div ref={body}>
        <Form<V>
          form={form}
          layout="vertical"
          onFinish={onFinish}
          disabled={loading}
          initialValues={initialValues}
          onValuesChange={onValuesChange}
        >
          {children}
        </Form>
      </div>
    </Modal>
  );
}
