import type { SystemParameter, SystemParameterBody } from '@flood/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client';
import { applyFieldErrors, showFormError } from '../../../lib/forms/zod-form';
import { waterKeys, webParametersKey } from '../../stations';
import { configKeys, createParameter, updateParameter } from '../api/config-api';

/**
 * Saves a configuration record (PUT, or POST for a new one). Everything that shows a status is refreshed at
 * once, since the thresholds may have changed. The server names a bad threshold 'objectValue.<field>': the
 * form shows it on that field.
 */
export function useSaveParameter(form: FormInstance, record: SystemParameter | null, onDone: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SystemParameterBody) => (record ? updateParameter(record.id, body) : createParameter(body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: configKeys.all });
      void queryClient.invalidateQueries({ queryKey: waterKeys.all });
      void queryClient.invalidateQueries({ queryKey: webParametersKey });
      void message.success(t(record ? 'config.updateSuccess' : 'config.createSuccess'));
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.body.fields?.length) {
        const fields = error.body.fields.map((f) => ({ ...f, field: f.field.replace(/^objectValue\./, '') }));
        if (applyFieldErrors(form, fields)) return;
      }
      showFormError(form, error, (text) => void message.error(text), t('errors.generic'), {
        showMessageOf: ['CONFLICT', 'NOT_FOUND'],
      });
    },
  });
}
