import { describe, expect, it } from 'vitest';
import { backOfficeVi } from './back-office.vi';
import { en } from './en';
import { vi as firstLoadVi } from './vi';

/** Every Vietnamese text: the first load's and the back office's (loaded with its layout). */
const vi = { ...firstLoadVi, ...backOfficeVi };

type Texts = { [key: string]: unknown };

/** Every text table, by file: the shared one here and each feature's `i18n/vi.ts` and `i18n/en.ts`. */
const tableModules = import.meta.glob<Record<string, Texts>>(
  ['./shared.{vi,en}.ts', '../../features/*/i18n/{vi,en}.ts'],
  { eager: true },
);

function tablesOf(lang: 'vi' | 'en'): [file: string, table: Texts][] {
  return Object.entries(tableModules)
    .filter(([file]) => file.endsWith(`${lang}.ts`))
    .flatMap(([file, exports]) => Object.values(exports).map((table): [string, Texts] => [file, table]));
}

/** Every leaf of a table with its dotted path, as `t()` names it. */
function leaves(texts: unknown, path = ''): [path: string, text: unknown][] {
  if (typeof texts !== 'object' || texts === null || Array.isArray(texts)) return [[path, texts]];
  return Object.entries(texts).flatMap(([key, value]) => leaves(value, path ? `${path}.${key}` : key));
}

function placeholders(text: unknown): string[] {
  return typeof text === 'string' ? Array.from(text.matchAll(/\{\{\s*(\w+)\s*\}\}/g), (m) => String(m[1])) : [];
}

describe('the text tables (vi.ts and en.ts assembled from the shared and the feature tables)', () => {
  const viLeaves = new Map(leaves(vi));
  const enLeaves = new Map(leaves(en));

  it('English has every key path of Vietnamese and no other', () => {
    expect(viLeaves.size).toBeGreaterThan(800);
    expect([...viLeaves.keys()].filter((path) => !enLeaves.has(path))).toEqual([]);
    expect([...enLeaves.keys()].filter((path) => !viLeaves.has(path))).toEqual([]);
  });

  it('every text is a non-empty string, in both languages', () => {
    for (const [lang, texts] of [
      ['vi', viLeaves],
      ['en', enLeaves],
    ] as const) {
      const bad = [...texts].filter(([, text]) => typeof text !== 'string' || text.trim() === '');
      expect(bad.map(([path]) => `${lang}: ${path}`)).toEqual([]);
    }
  });

  it('an English text fills in every placeholder its Vietnamese text has', () => {
    const missing = [...viLeaves].flatMap(([path, text]) => {
      const english = new Set(placeholders(enLeaves.get(path)));
      return placeholders(text)
        .filter((name) => !english.has(name))
        .map((name) => `${path}: {{${name}}}`);
    });
    expect(missing).toEqual([]);
  });

  it.each(['vi', 'en'] as const)('each %s section comes from exactly one table, as it is there', (lang) => {
    const assembled: Texts = lang === 'vi' ? vi : en;
    const tables = tablesOf(lang);
    expect(tables.length).toBeGreaterThan(10);
    const owners = new Map<string, string[]>();
    for (const [file, table] of tables) {
      for (const section of Object.keys(table)) owners.set(section, [...(owners.get(section) ?? []), file]);
    }
    expect([...owners].filter(([, files]) => files.length > 1)).toEqual([]);
    expect(Object.keys(assembled).sort()).toEqual([...owners.keys()].sort());
    for (const [file, table] of tables) {
      for (const [section, texts] of Object.entries(table)) {
        expect(assembled[section], `${section} of ${file}`).toBe(texts);
      }
    }
  });

  it("the first load's Vietnamese and the back office's have no section in common", () => {
    expect(Object.keys(firstLoadVi).filter((section) => section in backOfficeVi)).toEqual([]);
  });
});

/** The sources of the app outside the back office's own features, and the keys they use. */
const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../**/i18n/*.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const BACK_OFFICE_FEATURES = /\/features\/(users|config|sms|geodata|categories|data-layers)\//;

describe('the back office texts stay out of the public pages (#25, point 3)', () => {
  it('no module outside the back office features names a key of back-office.vi.ts', () => {
    const sections = Object.keys(backOfficeVi);
    const key = new RegExp(`['"\`](${sections.join('|')})\\.[a-zA-Z]`);
    const files = Object.entries(sources).filter(([file]) => !BACK_OFFICE_FEATURES.test(file));
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter(([, text]) => key.test(text)).map(([file]) => file)).toEqual([]);
    // The check sees a key where one is named.
    expect(key.test("t('sms.templates')")).toBe(true);
  });
});
