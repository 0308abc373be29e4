import { type Area, AreaSchema, areaTexts, DEFAULT_AREA } from '@flood/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { usePortalEvents } from '../events/use-portal-events';

export const areaKey = ['area'] as const;

/** The element the server puts the area in, so the first render already names it (#26; lib/web.plugin.ts). */
export const AREA_ELEMENT_ID = 'portal-area';

/** The area as the page came with it, or the built-in default (a page without it: tests, a bare build). */
export function embeddedArea(): Area {
  const text = typeof document === 'undefined' ? null : document.getElementById(AREA_ELEMENT_ID)?.textContent;
  if (text) {
    try {
      const parsed = AreaSchema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {
      // A broken copy: the default until the API answers.
    }
  }
  return { settings: DEFAULT_AREA, isDefault: true, updatedAt: null, bounds: null, unitsWithoutBoundary: [] };
}

/**
 * Puts the page's copy of the area in the cache before the first render (main.tsx, a task of its own): reading and
 * checking it is then not part of the header's first render (#25, point 3). The same as `useArea`'s initial data.
 */
export function primeArea(client: QueryClient): void {
  if (client.getQueryData(areaKey) === undefined) client.setQueryData(areaKey, embeddedArea());
}

export async function fetchArea(): Promise<Area> {
  return AreaSchema.parse(await api.get('/area', { anonymous: true }));
}

/**
 * The area the portal serves (#26): its names, units and map view. The page's copy first, then the API's, kept
 * fresh by the 'area' event (`useFollowArea`, once in the layout).
 */
export function useArea(): Area {
  const { data } = useQuery({
    queryKey: areaKey,
    queryFn: fetchArea,
    initialData: embeddedArea,
    // The page's copy is as new as the page: read again only when the area changes (the event) or a minute on.
    initialDataUpdatedAt: () => Date.now(),
    staleTime: 60_000,
  });
  return data;
}

/** Every text that names the area, in the reader's language where there is one. */
export function useAreaTexts() {
  const { settings } = useArea();
  return useMemo(() => areaTexts(settings), [settings]);
}

/** The communes' list (warnings, subscriptions): the area's units, so it follows the area too. */
const communesKey = ['communes'] as const;

/** Re-reads the area and its units when staff change them (the 'area' event; every 10 minutes while the stream is down). */
export function useFollowArea(): void {
  usePortalEvents([areaKey, communesKey], ['area'], 600_000);
}

/** The area's names in the reader's language (the header, the footer, the maps' labels). */
export function useAreaNames() {
  const texts = useAreaTexts();
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  return useMemo(
    () => ({
      portalName: en ? texts.portalNameEn : texts.portalName,
      footerArea: en ? texts.footerAreaEn : texts.footerArea,
      owner: en ? texts.ownerEn : texts.owner,
      copyright: en ? texts.copyrightEn : texts.copyright,
      mapLabel: en ? texts.mapLabelEn : texts.mapLabel,
      /** How a sentence names the area ('huyện Ba Chẽ'). */
      areaName: en ? texts.areaNameEn : texts.areaName,
      emailPortal: texts.emailPortal,
    }),
    [texts, en],
  );
}
