import type { Place } from '@flood/domain';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { MapToolProps } from '../map-tool';
import { showPlace } from './place-highlight';
import type { SearchBoxAria, SearchBoxLink } from './place-search';
import { fetchPlaces, searchKeys } from './search-api';

/** A query shorter than this (after trimming) is not sent. */
const MIN_QUERY = 2;

export interface SearchResultsProps extends MapToolProps {
  text: string;
  setText: (text: string) => void;
  input: RefObject<HTMLInputElement | null>;
  link: RefObject<SearchBoxLink>;
  setAria: (aria: SearchBoxAria) => void;
  listId: string;
}

/**
 * The search behind the box: debounced calls to `/api/search` (typed without accents or with a typo), the
 * list of places labelled by kind (arrows, Enter, Escape), and a choice that flies the map there and marks it.
 */
export default function SearchResults({
  map,
  resetSignal,
  text,
  setText,
  input,
  link,
  setAria,
  listId,
}: SearchResultsProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => document.activeElement === input.current);
  const [activeIndex, setActiveIndex] = useState(-1);
  const clearMark = useRef<(() => void) | null>(null);
  const query = useDebouncedValue(text.trim(), 300);
  const enabled = query.length >= MIN_QUERY;
  const search = useQuery({
    queryKey: searchKeys.places(query),
    queryFn: ({ signal }) => fetchPlaces(query, signal),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
  const results: Place[] = enabled ? (search.data ?? []) : [];
  const settled = enabled && text.trim() === query && !search.isFetching;
  const expanded = open && enabled;
  const optionId = (i: number) => `${listId}-${i}`;
  // A new answer may be shorter than the option that was active.
  const active = activeIndex < results.length ? activeIndex : -1;
  useEffect(() => {
    setAria({
      expanded: expanded && results.length > 0,
      active: expanded && active >= 0 ? `${listId}-${active}` : undefined,
    });
  }, [expanded, results.length, active, listId, setAria]);

  const unmark = () => {
    clearMark.current?.();
    clearMark.current = null;
  };
  // 'Làm mới bản đồ' empties the box and takes the mark away.
  const lastReset = useRef(resetSignal);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the signal only
  useEffect(() => {
    if (lastReset.current === resetSignal) return;
    lastReset.current = resetSignal;
    setText('');
    setOpen(false);
    unmark();
  }, [resetSignal]);
  useEffect(() => () => clearMark.current?.(), []);

  const kindLabel = (p: Place) => t(`map.search.kind.${p.kind}`);

  function choose(place: Place) {
    setText(place.name);
    setOpen(false);
    setActiveIndex(-1);
    unmark();
    if (map) clearMark.current = showPlace(map, place, kindLabel(place));
  }

  function clear() {
    setText('');
    setOpen(false);
    unmark();
    input.current?.focus();
  }

  function onKey(e: KeyboardEvent<HTMLInputElement>) {
    const n = results.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (n > 0) {
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex(active < 0 ? (step > 0 ? 0 : n - 1) : (active + step + n) % n);
      }
    } else if (e.key === 'Enter') {
      const place = results[active >= 0 ? active : 0];
      if (open && place) {
        e.preventDefault();
        choose(place);
      }
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (open) setOpen(false);
      else clear();
    }
  }
  link.current = {
    key: onKey,
    focus: () => setOpen(true),
    blur: () => setOpen(false),
    input: () => {
      setOpen(true);
      setActiveIndex(-1);
    },
  };

  const status = !expanded
    ? ''
    : search.isError
      ? t('map.search.failed')
      : !settled && results.length === 0
        ? t('map.search.searching')
        : settled && results.length === 0
          ? t('map.search.empty')
          : '';

  return (
    <>
      {text && (
        <button
          type="button"
          className="map-search-clear"
          aria-label={t('map.search.clear')}
          onClick={clear}
          data-testid="map-search-clear"
        >
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path d="M3 3l10 10M13 3 3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      )}
      <div
        id={listId}
        role="listbox"
        aria-label={t('map.search.results')}
        className="map-search-list"
        hidden={!expanded || results.length === 0}
        data-testid="map-search-results"
      >
        {results.map((p, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys
          <div
            key={`${p.kind}-${p.name}-${p.lat}-${p.lng}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            tabIndex={-1}
            className="map-search-option"
            // Keeps the focus in the input, so choosing does not blur and close the list first.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(p)}
            onMouseEnter={() => setActiveIndex(i)}
          >
            <span className="map-search-name">{p.name}</span>
            <span className="map-search-kind">{kindLabel(p)}</span>
          </div>
        ))}
      </div>
      <div className="map-search-status" role="status" data-testid="map-search-status">
        {status}
      </div>
    </>
  );
}
