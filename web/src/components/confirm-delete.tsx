import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The shared delete confirmation ('Xác nhận xoá' / 'Bạn có chắc chắn muốn xoá?', 'Xoá' in red, 'Huỷ').
 * `onConfirm` may return a promise: the OK button spins until it settles.
 */
export function useConfirmDelete(): (onConfirm: () => unknown) => void {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    (onConfirm: () => unknown) => {
      modal.confirm({
        title: t('confirmDelete.title'),
        content: t('confirmDelete.content'),
        okText: t('confirmDelete.ok'),
        okButtonProps: { danger: true, 'data-testid': 'confirm-delete-ok' },
        cancelText: t('common.cancel'),
        cancelButtonProps: { 'data-testid': 'confirm-delete-cancel' },
        centered: true,
        onOk: async () => {
          try {
            await onConfirm();
          } catch {
            // the caller shows its own error; the dialog closes either way
          }
        },
      });
    },
    [modal, t],
  );
}
