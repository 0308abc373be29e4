import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './carousel';

const ITEMS = ['A', 'B', 'C', 'D', 'E', 'F'].map((name) => ({ name }));

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

function renderCarousel(items = ITEMS) {
  render(
    <Carousel
      title="Trạm đo mưa"
      items={items}
      itemKey={(i) => i.name}
      renderItem={(i) => <span>{`Trạm ${i.name}`}</span>}
      empty="Chưa có trạm đo nào"
      data-testid="rain"
    />,
  );
  return screen.getByTestId('rain');
}

/** The names of the cards in view (the others are hidden from assistive technology and inert). */
const shown = () =>
  [...document.querySelectorAll('.carousel-slide')]
    .filter((s) => s.getAttribute('aria-hidden') !== 'true')
    .map((s) => s.textContent);

const reducedMotion = (reduce: boolean) =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('reduced-motion'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );

describe('dashboard carousel', () => {
  beforeEach(() => setWidth(1280));
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows as many cards as the width allows (2 / 3 / 4 / 6) and follows a resize', () => {
    const carousel = renderCarousel();
    expect(carousel.dataset.perView).toBe('4');
    expect(shown()).toEqual(['Trạm A', 'Trạm B', 'Trạm C', 'Trạm D']);
    act(() => setWidth(390));
    expect(carousel.dataset.perView).toBe('2');
    expect(shown()).toEqual(['Trạm A', 'Trạm B']);
    act(() => setWidth(900));
    expect(shown()).toHaveLength(3);
    act(() => setWidth(1440));
    expect(shown()).toHaveLength(6);
    // Everything fits: no buttons, nothing moves.
    expect(screen.queryByRole('button', { name: 'Xem trạm tiếp theo' })).toBeNull();
    expect(document.querySelectorAll('.carousel-slide[inert]')).toHaveLength(0);
  });

  it('wraps around with the previous and next buttons', () => {
    renderCarousel();
    const next = screen.getByRole('button', { name: 'Xem trạm tiếp theo' });
    const previous = screen.getByRole('button', { name: 'Xem trạm trước' });
    fireEvent.click(next);
    expect(shown()).toEqual(['Trạm B', 'Trạm C', 'Trạm D', 'Trạm E']);
    fireEvent.click(next);
    expect(shown()).toEqual(['Trạm C', 'Trạm D', 'Trạm E', 'Trạm F']);
    fireEvent.click(next);
    expect(shown()).toEqual(['Trạm A', 'Trạm B', 'Trạm C', 'Trạm D']);
    fireEvent.click(previous);
    expect(shown()).toEqual(['Trạm C', 'Trạm D', 'Trạm E', 'Trạm F']);
    expect(document.querySelector('.carousel-slide[inert]')?.textContent).toBe('Trạm A');
  });

  it('moves on by itself every 3 s, wrapping around, and pauses on hover, on focus and on request', () => {
    vi.useFakeTimers();
    const carousel = renderCarousel();
    act(() => vi.advanceTimersByTime(2999));
    expect(carousel.dataset.start).toBe('0');
    act(() => vi.advanceTimersByTime(1));
    expect(carousel.dataset.start).toBe('1');
    act(() => vi.advanceTimersByTime(6000));
    expect(carousel.dataset.start).toBe('0');

    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(9000));
    expect(carousel.dataset.start).toBe('0');
    fireEvent.mouseLeave(carousel);
    act(() => vi.advanceTimersByTime(3000));
    expect(carousel.dataset.start).toBe('1');

    const next = screen.getByRole('button', { name: 'Xem trạm tiếp theo' });
    act(() => next.focus());
    act(() => vi.advanceTimersByTime(9000));
    expect(carousel.dataset.start).toBe('1');
    act(() => next.blur());

    fireEvent.click(screen.getByRole('button', { name: 'Dừng tự động chuyển' }));
    act(() => vi.advanceTimersByTime(9000));
    expect(carousel.dataset.start).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Bật tự động chuyển' }));
    act(() => vi.advanceTimersByTime(3000));
    expect(carousel.dataset.start).toBe('2');
  });

  it('does not move by itself when the visitor asks for reduced motion', () => {
    reducedMotion(true);
    vi.useFakeTimers();
    const carousel = renderCarousel();
    act(() => vi.advanceTimersByTime(12_000));
    expect(carousel.dataset.start).toBe('0');
    expect(screen.queryByRole('button', { name: 'Dừng tự động chuyển' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Xem trạm tiếp theo' }));
    expect(carousel.dataset.start).toBe('1');
  });

  it('shows the empty text under its heading when there is no station', () => {
    renderCarousel([]);
    expect(screen.getByRole('heading', { level: 2, name: 'Trạm đo mưa' })).toBeTruthy();
    expect(screen.getByTestId('rain-empty').textContent).toBe('Chưa có trạm đo nào');
  });
});
