import './tool-panels.css';
import { type KeyboardEvent, useEffect, useRef } from 'react';

export interface FlyoutItem {
  label: string;
  testId: string;
  onSelect: () => void;
}

/**
 * The sub-choices of a map tool (circle or rectangle, distance or area), in a small menu beside its button.
 * Plain HTML, not antd's Dropdown: it closes on Escape (focus back on the button) and on a press outside the
 * tool's slot; the arrow keys move between the choices.
 */
export function ToolFlyout({ label, items, onClose }: { label: string; items: FlyoutItem[]; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const menu = ref.current;
    menu?.querySelector('button')?.focus();
    const slot = menu?.parentElement;
    const down = (e: PointerEvent) => {
      if (!slot?.contains(e.target as Node)) close.current();
    };
    const key = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      slot?.querySelector<HTMLElement>('.map-tool')?.focus();
      close.current();
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('keydown', key);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('keydown', key);
    };
  }, []);

  const arrows = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const buttons = [...(ref.current?.querySelectorAll('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = (at + (e.key === 'ArrowDown' ? 1 : buttons.length - 1)) % buttons.length;
    buttons[next]?.focus();
  };

  return (
    <div ref={ref} className="map-tool-flyout" role="menu" aria-label={label} tabIndex={-1} onKeyDown={arrows}>
      {items.map((item) => (
        <button
          key={item.testId}
          type="button"
          role="menuitem"
          className="map-tool-flyout-item"
          data-testid={item.testId}
          onClick={item.onSelect}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
