import type { FormInstance } from 'antd';
import { ApiError } from '../../../../lib/api/client';
import { showFormError } from '../../../../lib/forms/zod-form';

/**
 * A refused news save: the server names an attachment as `files.N`; the form has one `files` field. Field
 * errors go under their fields, a missing item or a second about page is toasted, anything else the generic
 * toast. The dialog stays open with everything typed.
 */
export function showNewsSaveError(form: FormInstance, error: unknown, toast: (text: string) => void, fallback: string) {
  const mapped =
    error instanceof ApiError && error.body.fields
      ? new ApiError(error.status, {
          ...error.body,
          fields: error.body.fields.map((f) => ({ ...f, field: f.field.replace(/^files\.\d+$/, 'files') })),
        })
      : error;
  showFormError(form, mapped, toast, fallback, { showMessageOf: ['NOT_FOUND', 'CONFLICT'] });
}
