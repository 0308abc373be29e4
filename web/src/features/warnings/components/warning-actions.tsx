import type { Warning } from '@flood/domain';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

export interface WarningActionHandlers {
  onDetails: (w: Warning) => void;
  onEdit: (w: Warning) => void;
  onApprove: (w: Warning) => void;
  onUrgent: (w: Warning) => void;
  onDelete: (w: Warning) => void;
  onUpdate: (w: Warning) => void;
  onCancel: (w: Warning) => void;
}

/** Whether the signed-in officer composed or last edited the draft: the server refuses them its approval. */
export function isOwnDraft(warning: Warning, userId: number | null | undefined): boolean {
  return userId != null && (warning.createdById === userId || warning.lastEditedById === userId);
}

/**
 * The buttons of a row, by status: a draft is edited, approved by another officer ('Duyệt và phát', disabled with
 * the reason for its composer or last editor), published urgently by its composer, or deleted; a published
 * warning in force or scheduled is updated or cancelled; every warning has its details.
 */
export function WarningActions({
  warning: w,
  userId,
  handlers: h,
}: {
  warning: Warning;
  userId: number | null | undefined;
  handlers: WarningActionHandlers;
}) {
  const { t } = useTranslation();
  const own = isOwnDraft(w, userId);
  return (
    <span className="warning-row-actions">
      <Button size="small" onClick={() => h.onDetails(w)} data-testid={`warning-details-${w.id}`}>
        {t('warningAdmin.details')}
      </Button>
      {w.status === 'draft' && (
        <>
          <Button size="small" onClick={() => h.onEdit(w)} data-testid={`warning-edit-${w.id}`}>
            {t('warningAdmin.edit')}
          </Button>
          <Tooltip title={own ? t('warningAdmin.approveSelf') : undefined}>
            {/* A disabled button gets no pointer events: the span carries the tooltip. */}
            <span className="warning-action-wrap">
              <Button
                size="small"
                type="primary"
                disabled={own}
                aria-describedby={own ? `warning-approve-why-${w.id}` : undefined}
                onClick={() => h.onApprove(w)}
                data-testid={`warning-approve-${w.id}`}
              >
                {t('warningAdmin.approve')}
              </Button>
              {own && (
                <span id={`warning-approve-why-${w.id}`} className="visually-hidden">
                  {t('warningAdmin.approveSelf')}
                </span>
              )}
            </span>
          </Tooltip>
          {userId != null && w.createdById === userId && (
            <Button size="small" danger onClick={() => h.onUrgent(w)} data-testid={`warning-urgent-${w.id}`}>
              {t('warningAdmin.urgent')}
            </Button>
          )}
          <Button size="small" danger type="text" onClick={() => h.onDelete(w)} data-testid={`warning-delete-${w.id}`}>
            {t('warningAdmin.delete')}
          </Button>
        </>
      )}
      {(w.status === 'active' || w.status === 'scheduled') && (
        <>
          <Button size="small" type="primary" onClick={() => h.onUpdate(w)} data-testid={`warning-update-${w.id}`}>
            {t('warningAdmin.update')}
          </Button>
          <Button size="small" danger onClick={() => h.onCancel(w)} data-testid={`warning-cancel-${w.id}`}>
            {t('warningAdmin.cancel')}
          </Button>
        </>
      )}
    </span>
  );
}
