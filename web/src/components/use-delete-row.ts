import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../lib/api/error-message';

/**
 * Deleting a row of a back-office table: on success step the pager back if needed, refresh the lists and
 * toast; on failure show the server's conflict or not-found message (other errors toast globally).
 */
export function useDeleteRow<T>(opts: {
  remove: (row: T) => Promise<unknown>;
  /** The query key prefixes refreshed after the delete (the list's own, and any it affects). */
  listKeys: QueryKey[];
  successText: string;
  /** Called after a successful delete (usually `() => afterDelete(total)` of usePagedList). */
  onDeleted: () => void;
  /** Refresh the lists after a failure too (their rows may have changed under the user). */
  refreshOnError?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const refresh = () => {
    for (const queryKey of opts.listKeys) void queryClient.invalidateQueries({ queryKey });
  };
  return useMutation({
    mutationFn: opts.remove,
    onSuccess: () => {
      opts.onDeleted();
      refresh();
      void message.success(opts.successText);
    },
    onError: (error) => {
      const text = apiErrorText(error, t('errors.generic'), ['CONFLICT', 'NOT_FOUND']);
      if (text) void message.error(text);
      if (opts.refreshOnError) refresh();
    },
  });
}
