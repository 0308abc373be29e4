import { useEffect, useId, useRef } from 'react';

export interface ConfirmPanelProps {
  title: string;
  text: string;
  confirmText: string;
  cancelText: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A question asked in place (no antd Modal on the public pages): an `alertdialog` with its title and text, the
 * focus on the safe answer when it opens, Escape for 'no' (the caller puts the focus back on what opened it).
 */
export function ConfirmPanel({ title, text, confirmText, cancelText, busy, onConfirm, onCancel }: ConfirmPanelProps) {
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="sub-confirm"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !busy) onCancel();
      }}
      data-testid="confirm-panel"
    >
      <h2 id={`${id}-title`} className="sub-step-title">
        {title}
      </h2>
      <p id={`${id}-text`}>{text}</p>
      <div className="sub-actions">
        <button type="button" className="sub-button sub-button-danger" onClick={onConfirm} disabled={busy}>
          {confirmText}
        </button>
        <button
          type="button"
          className="sub-button sub-button-secondary"
          ref={cancel}
          onClick={onCancel}
          disabled={busy}
        >
          {cancelText}
        </button>
      </div>
    </div>
  );
}
