import 'dayjs/locale/vi';
import { LANGUAGES, type Language } from '@flood/domain';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { vi } from './vi';

export const LANGUAGE_STORAGE_KEY = 'flood.language';

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return value === 'en' ? 'en' : 'vi';
  } catch {
    return 'vi';
  }
}

function applyLanguage(lng: string): void {
  dayjs.locale(lng === 'en' ? 'en' : 'vi');
  // Only a change: setting the same language again lays the whole page out anew (the server's page already says 'vi').
  if (typeof document !== 'undefined' && document.documentElement.lang !== lng) document.documentElement.lang = lng;
}

export const i18n = i18next.createInstance();

/**
 * Vietnamese is in the first load; English (~4 KB gzip) is fetched the first time it is chosen. Until it
 * arrives the page stays in Vietnamese, then switches.
 */
export async function ensureLanguage(lng: Language): Promise<void> {
  if (lng === 'vi' || i18n.hasResourceBundle('en', 'translation')) return;
  const { en } = await import('./en');
  i18n.addResourceBundle('en', 'translation', en, true, true);
}

let backOfficeTexts: Promise<void> | null = null;

/**
 * The texts of the back office's own features (`back-office.vi.ts`), fetched with its layout: a resident's first
 * load does without them. Resolves at once once added.
 */
export function ensureBackOfficeTexts(): Promise<void> {
  backOfficeTexts ??= import('./back-office.vi').then(
    ({ backOfficeVi }) => {
      i18n.addResourceBundle('vi', 'translation', backOfficeVi, true, false);
    },
    (error: unknown) => {
      // A failed fetch (the network) is tried again by the next page that needs them.
      backOfficeTexts = null;
      throw error;
    },
  );
  return backOfficeTexts;
}

void i18n.use(initReactI18next).init({
  // A copy: i18next adds the back office's sections to the table it holds, not to the module's.
  resources: { vi: { translation: { ...vi } } },
  lng: 'vi',
  partialBundledLanguages: true,
  fallbackLng: 'vi',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
applyLanguage(i18n.language);
i18n.on('languageChanged', applyLanguage);
if (storedLanguage() === 'en') void ensureLanguage('en').then(() => i18n.changeLanguage('en'));

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'vi';
}

export function setLanguage(lng: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // storage unavailable (private mode): the choice lasts for this tab only
  }
  void ensureLanguage(lng).then(() => i18n.changeLanguage(lng));
}
