import { type Area, type AreaUnit, splitUnitPath, unitFullName, unitPagePath } from '@flood/domain';
import { QueryClientContext } from '@tanstack/react-query';
import { useCallback, useContext, useMemo } from 'react';
import { useLocation } from 'react-router';
import { areaKey, embeddedArea, useArea } from './use-area';

/**
 * The unit the public pages are narrowed to (#26 point 4): `/xa/{code}/…` addresses one unit's pages, whose reads
 * ask `?unit=` and whose links stay on that unit's pages. Read from the address, so the header and the banner (above
 * the page's route) know it too.
 */
export interface PublicUnit {
  /** The code in the address, or null on the whole area's pages. */
  code: string | null;
  /** The area's unit of that code; undefined when the area has none (the page then says it does not exist). */
  unit: AreaUnit | undefined;
  /** Its full name ('Xã Thanh Sơn'), or null. */
  name: string | null;
  /** A public page's path on these pages: `/dashboard` → `/xa/{code}/dashboard` on a unit's pages. */
  path: (p: string) => string;
}

export function usePublicUnit(): PublicUnit {
  const { pathname } = useLocation();
  const { settings } = useArea();
  const code = splitUnitPath(pathname).unit;
  const unit = code ? settings.units.find((u) => u.code === code) : undefined;
  const path = useCallback((p: string) => unitPagePath(code, p), [code]);
  return useMemo(() => ({ code, unit, name: unit ? unitFullName(unit) : null, path }), [code, unit, path]);
}

/**
 * The unit's full name for a page title, or null: read without a query of its own (the area as last read, else the
 * page's copy), so that the error pages, drawn when anything else may have failed, can use it.
 */
export function useUnitNameOfPage(): string | null {
  const { pathname } = useLocation();
  const client = useContext(QueryClientContext);
  const code = splitUnitPath(pathname).unit;
  if (!code) return null;
  const { settings } = client?.getQueryData<Area>(areaKey) ?? embeddedArea();
  const unit = settings.units.find((u) => u.code === code);
  return unit ? unitFullName(unit) : null;
}

/**
 * The unit of the public reads (undefined on the whole area's pages): `?unit=` and the reads' query keys. From the
 * address alone: the data hooks using it need not follow the area's query.
 */
export function useReadUnit(): string | undefined {
  return readUnitOf(useLocation().pathname);
}

/** The unit of the public reads of a path (`useReadUnit`'s rule, for the start before the router renders). */
export function readUnitOf(pathname: string): string | undefined {
  return splitUnitPath(pathname).unit ?? undefined;
}
