import type { ErrorCode } from '@flood/domain';
import { ApiError } from '../../../../lib/api/client';

/** The fields of the 'Đăng ảnh' form. */
export type PhotoField = 'desc' | 'location' | 'place' | 'image';

/** The server's field names → the form's (the coordinates are one field here). */
const FORM_FIELD: Record<string, PhotoField> = {
  desc: 'desc',
  location: 'location',
  lat: 'place',
  long: 'place',
  image: 'image',
};

/** Failures whose Vietnamese message says what to do (public-portal §8 "error toast with the error"). */
const OWN_MESSAGE: ErrorCode[] = ['VALIDATION_FAILED', 'TOO_LARGE', 'RATE_LIMITED'];

export interface PostErrorView {
  /** The toast, or null when the API client already handled it (401, 403). */
  toast: string | null;
  /** The server's message under each field it names. */
  fields: { name: PhotoField; errors: string[] }[];
}

/**
 * What a failed post shows: the server's message for a refused photo (400 missing or bad fields, 413 too
 * large, 429 too many posts from this address), each named field marked; anything else the generic text.
 */
export function postErrorView(error: unknown, generic: string): PostErrorView {
  if (!(error instanceof ApiError)) return { toast: generic, fields: [] };
  if (error.status === 401 || error.status === 403) return { toast: null, fields: [] };
  const byField = new Map<PhotoField, string>();
  for (const f of error.body.fields ?? []) {
    const name = FORM_FIELD[f.field];
    if (name && !byField.has(name)) byField.set(name, f.message);
  }
  return {
    toast: OWN_MESSAGE.includes(error.code) ? error.body.message : generic,
    fields: [...byField].map(([name, text]) => ({ name, errors: [text] })),
  };
}
