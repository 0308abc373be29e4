import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A visitor saving data (#25, point 3): the browser says Save-Data, or its connection is slow (2G, 3G). Pictures
 * and map previews then wait until the visitor asks for them; the readings, the warnings and the text come as
 * always. Chromium reports both through `navigator.connection`; a browser that does not is not saving data.
 */
export function savingData(
  nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator,
): boolean {
  const connection = (nav as (Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }) | undefined)
    ?.connection;
  if (!connection) return false;
  return connection.saveData === true || ['slow-2g', '2g', '3g'].includes(connection.effectiveType ?? '');
}

/** The visitor asked for pictures in this tab (kept for the tab's session). */
const ASKED_KEY = 'flood.pictures';
const listeners = new Set<() => void>();

function asked(): boolean {
  try {
    return sessionStorage.getItem(ASKED_KEY) === 'on';
  } catch {
    return false;
  }
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** Pictures and map previews are shown: the visitor is not saving data, or asked for them. */
export function usePicturesShown(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !savingData() || asked(),
    () => true,
  );
}

/** Shows pictures and map previews from now on, in this tab. */
export function showPictures(): void {
  try {
    sessionStorage.setItem(ASKED_KEY, 'on');
  } catch {
    // Storage refused (private mode): shown until the page reloads.
  }
  for (const listener of listeners) listener();
}

/** The line that says pictures wait, with the button that loads them; nothing when they are shown. */
export function DataSaverNotice() {
  const { t } = useTranslation();
  const shown = usePicturesShown();
  if (shown) return null;
  return (
    <p className="data-saver-notice" role="note" data-testid="data-saver-notice">
      {t('common.savingData')}{' '}
      <button type="button" className="data-saver-button" onClick={showPictures} data-testid="show-pictures">
        {t('common.showPictures')}
      </button>
    </p>
  );
}
