/** The portal's languages: Vietnamese first, English second. Every text and number format takes one of these. */
export const LANGUAGES = ['vi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
