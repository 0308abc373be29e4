import './carousel.css';
import {
  type CSSProperties,
  type FocusEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { CAROUSEL_AUTOPLAY_MS, itemsPerView, nextStart, previousStart } from '../model/carousel-rules';

/**
 * Cards per view of the current width, read once per resize: reading `window.innerWidth` forces a layout when
 * the page has pending changes, and useSyncExternalStore reads its snapshot on every render of every
 * carousel (the dashboard's first render spent ~100 ms of a phone's main thread in those layouts).
 */
let perViewNow: number | null = null;
if (typeof window !== 'undefined') {
  // Registered before any carousel subscribes, so it runs first on a resize.
  window.addEventListener('resize', () => {
    perViewNow = null;
  });
}

function subscribeResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function perViewSnapshot(): number {
  perViewNow ??= itemsPerView(window.innerWidth);
  return perViewNow;
}

/** Cards per view for the window's width; re-renders only when that number changes. */
function usePerView(): number {
  return useSyncExternalStore(subscribeResize, perViewSnapshot, () => 2);
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

/** The visitor asked the system for less motion: no autoplay, no sliding animation. */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => Boolean(window.matchMedia?.(REDUCED_MOTION).matches),
    () => false,
  );
}

/** A swipe shorter than this is a tap. */
const SWIPE_PX = 40;

function Chevron({ back }: { back?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden focusable="false">
      <path
        d={back ? 'M15 5 8 12l7 7' : 'm9 5 7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function PlayPause({ playing }: { playing: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden focusable="false">
      <path d={playing ? 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z' : 'M8 5v14l11-7z'} fill="currentColor" />
    </svg>
  );
}

export interface CarouselProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** The carousel's heading (h2), also its accessible name. */
  title: string;
  /** Shown instead when there is nothing to show. */
  empty: ReactNode;
  'data-testid'?: string;
}

/**
 * The dashboard's station carousel (spec §9): 2/3/4/6 cards by width, one card on every 3 s, wrapping around
 * after the last. Plain markup and a CSS transform (no carousel library). Autoplay stops while the pointer
 * is over it or focus is inside, when the visitor pauses it, and entirely under `prefers-reduced-motion`.
 * Cards out of view are inert and hidden from assistive technology; the buttons reach them.
 */
export function Carousel<T>({ items, itemKey, renderItem, title, empty, 'data-testid': testId }: CarouselProps<T>) {
  const { t } = useTranslation();
  const headingId = useId();
  const perView = usePerView();
  const reducedMotion = useReducedMotion();
  const [start, setStart] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const swipeFrom = useRef<number | null>(null);
  const count = items.length;
  const scrollable = count > perView;
  // Fewer cards (a resize, a station removed): the view never runs past the last card.
  const first = scrollable ? Math.min(start, count - perView) : 0;
  const autoplay = scrollable && !reducedMotion && !stopped && !hovered && !focused;

  useEffect(() => {
    if (!autoplay) return;
    const timer = setInterval(() => setStart((s) => nextStart(s, count, perView)), CAROUSEL_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [autoplay, count, perView]);

  if (count === 0) {
    return (
      <section className="carousel" aria-labelledby={headingId} data-testid={testId}>
        <div className="carousel-head">
          <h2 id={headingId} className="dash-heading">
            {title}
          </h2>
        </div>
        <p className="carousel-empty" data-testid={testId ? `${testId}-empty` : undefined}>
          {empty}
        </p>
      </section>
    );
  }

  const next = () => setStart(nextStart(first, count, perView));
  const previous = () => setStart(previousStart(first, count, perView));
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };
  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType !== 'mouse') swipeFrom.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null || !scrollable) return;
    const dx = e.clientX - from;
    if (dx <= -SWIPE_PX) next();
    else if (dx >= SWIPE_PX) previous();
  };

  const style = { '--per-view': perView } as CSSProperties;
  return (
    <section
      className={reducedMotion ? 'carousel carousel-still' : 'carousel'}
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      style={style}
      data-testid={testId}
      data-per-view={perView}
      data-start={first}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className="carousel-head">
        <h2 id={headingId} className="dash-heading">
          {title}
        </h2>
        {scrollable && (
          <div className="carousel-controls">
            {!reducedMotion && (
              <button
                type="button"
                className="carousel-button"
                onClick={() => setStopped((s) => !s)}
                aria-label={stopped ? t('dashboard.play') : t('dashboard.pause')}
                data-testid={testId ? `${testId}-toggle` : undefined}
              >
                <PlayPause playing={!stopped} />
              </button>
            )}
            <button
              type="button"
              className="carousel-button"
              onClick={previous}
              aria-label={t('dashboard.previous')}
              data-testid={testId ? `${testId}-previous` : undefined}
            >
              <Chevron back />
            </button>
            <button
              type="button"
              className="carousel-button"
              onClick={next}
              aria-label={t('dashboard.next')}
              data-testid={testId ? `${testId}-next` : undefined}
            >
              <Chevron />
            </button>
          </div>
        )}
      </div>
      <div
        className="carousel-viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeFrom.current = null;
        }}
      >
        <div
          className="carousel-track"
          style={{ transform: `translateX(${(-first * 100) / perView}%)` }}
          aria-live={autoplay ? 'off' : 'polite'}
        >
          {items.map((item, index) => {
            const shown = index >= first && index < first + perView;
            return (
              // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a form fieldset
              <div
                key={itemKey(item)}
                className="carousel-slide"
                role="group"
                aria-roledescription="slide"
                aria-label={t('dashboard.slide', { index: index + 1, count })}
                aria-hidden={shown ? undefined : true}
                inert={!shown}
                data-shown={shown}
              >
                {renderItem(item)}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
