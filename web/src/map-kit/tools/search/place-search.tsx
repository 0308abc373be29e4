import './place-search.css';
import { type KeyboardEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapToolProps } from '../map-tool';

const SearchResults = lazy(() => import('./search-results'));

/** What the box tells the results part (loaded on first focus) and what that part sets on the box. */
export interface SearchBoxLink {
  key?: (e: KeyboardEvent<HTMLInputElement>) => void;
  focus?: () => void;
  blur?: () => void;
  input?: () => void;
}
export interface SearchBoxAria {
  expanded: boolean;
  active?: string;
}

/**
 * The place search box at the top of the map (public-portal §2 "a place search box", §7): an accessible
 * combobox. Only the box is in the map's first load; the search, the list and the map's mark come on focus.
 */
export function PlaceSearch(props: MapToolProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [engaged, setEngaged] = useState(false);
  const [aria, setAria] = useState<SearchBoxAria>({ expanded: false });
  const input = useRef<HTMLInputElement>(null);
  const link = useRef<SearchBoxLink>({});
  const listId = useId();
  return (
    <div className="map-search" data-testid="map-search">
      <input
        ref={input}
        type="search"
        role="combobox"
        aria-label={t('map.search.label')}
        aria-expanded={aria.expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={aria.active}
        placeholder={t('map.search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        spellCheck={false}
        maxLength={255}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          link.current.input?.();
        }}
        onFocus={() => {
          setEngaged(true);
          link.current.focus?.();
        }}
        onBlur={() => link.current.blur?.()}
        onKeyDown={(e) => link.current.key?.(e)}
        data-testid="map-search-input"
      />
      {engaged && (
        <Suspense fallback={null}>
          <SearchResults
            {...props}
            text={text}
            setText={setText}
            input={input}
            link={link}
            setAria={setAria}
            listId={listId}
          />
        </Suspense>
      )}
    </div>
  );
}
