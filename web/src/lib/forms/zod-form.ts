import type { ErrorCode, FieldError } from '@flood/domain';
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from '../api/client';

type Issue = z.core.$ZodIssue;

/** Turns a zod issue into the text shown under the field (required and length in the UI language). */
export function issueMessage(issue: Issue, t: TFunction): string {
  if (issue.code === 'invalid_type') return t('form.requiredGeneric');
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1) {
    return t('form.requiredGeneric');
  }
  if (issue.code === 'too_big' && issue.origin === 'string') return t('form.max', { max: Number(issue.maximum) });
  return issue.message;
}

/**
 * antd rules for one field checked by the whole form's zod schema, so the field shows exactly
 * the domain's rule (trim, max length, confirmation...). Use `dependencies` for cross-field rules.
 */
export function zodRule(schema: z.ZodType, field: string, t: TFunction): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const result = await schema.safeParseAsync(getFieldsValue(true));
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(issueMessage(issue, t));
    },
  });
}

/** Parses the form values with the schema; on failure marks the named fields and returns null. */
export function parseForm<S extends z.ZodType>(
  form: FormInstance,
  schema: S,
  values: unknown,
  t: TFunction,
): z.output<S> | null {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const byField = new Map<string, string[]>();
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    byField.set(name, [...(byField.get(name) ?? []), issueMessage(issue, t)]);
  }
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  return null;
}

/** Puts the server's per-field messages (400 VALIDATION_FAILED) on the form; returns whether any matched. */
export function applyFieldErrors(form: FormInstance, fields: FieldError[] | undefined): boolean {
  if (!fields?.length) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const matched = fields.filter((f) => known.has(f.field));
  if (!matched.length) return false;
  form.setFields(matched.map((f) => ({ name: f.field, errors: [f.message] })));
  return true;
}

export interface FormErrorOptions {
  /** Error code → form field that shows the server's message (e.g. WRONG_PASSWORD → oldPassword). */
  fieldFor?: Partial<Record<ErrorCode, string>>;
  /** Error codes whose server message is toasted as is (e.g. RATE_LIMITED, PHONE_MISSING). */
  showMessageOf?: ErrorCode[];
}

/**
 * Shows a failed form submission (the call used `errorHandling: 'no-toast'`): the server's field errors
 * on their fields, a code mapped to a field, a code whose message is shown, else the generic toast.
 */
export function showFormError(
  form: FormInstance,
  error: unknown,
  toast: (text: string) => void,
  fallback: string,
  options: FormErrorOptions = {},
): void {
  if (!(error instanceof ApiError)) {
    toast(fallback);
    return;
  }
  if (error.status === 401 || error.status === 403) return; // handled globally by the API client
  if (error.code === 'VALIDATION_FAILED' && applyFieldErrors(form, error.body.fields)) return;
  const field = options.fieldFor?.[error.code];
  if (field) {
    form.setFields([{ name: field, errors: [error.body.message] }]);
    return;
  }
  toast(options.showMessageOf?.includes(error.code) ? error.body.message : fallback);
}
