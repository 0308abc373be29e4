import { describe, expect, it } from 'vitest';
import { en } from './en';
import { vi } from './vi';

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
});
