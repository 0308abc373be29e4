/** Types of check-boundaries.mjs for its test (web/build/boundaries.test.ts). */
export function importsOf(text: string): string[];
export function drizzleViolations(serverSrc: string, read?: (file: string) => string): string[];
export function featureViolations(webSrc: string, read?: (file: string) => string): string[];
