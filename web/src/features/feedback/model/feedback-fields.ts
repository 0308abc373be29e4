/** The five fields of a feedback (spec §3), in the form's order. */
export const FEEDBACK_FIELDS = ['name', 'email', 'phone', 'address', 'content'] as const;
export type FeedbackField = (typeof FEEDBACK_FIELDS)[number];
export type FeedbackValues = Record<FeedbackField, string>;

/** Spec §4: the send button stays disabled until every one of the five fields holds something. */
export function feedbackComplete(values: FeedbackValues): boolean {
  return FEEDBACK_FIELDS.every((f) => values[f].trim().length > 0);
}

/** Digits only: the phone field is a numeric input (spec §5). */
export function digitsOnly(value: unknown): string {
  return String(value ?? '').replace(/\D/g, '');
}
