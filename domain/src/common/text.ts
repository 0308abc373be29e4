import './zod-messages';
import { z } from 'zod';

/** Every free-text field of the portal is bounded by the same limit (spec §9 "Input max length"). */
export const TEXT_MAX = 255;

/** An optional text field: trimmed, at most `max` characters, and null when empty or absent. */
export const optionalText = (max: number = TEXT_MAX) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
