// Toasts of the public shell without antd (its message needs the theme engine, ~70 KB gzip on every first
// load). The same look and rules as the back office's: top centre, 3 s (public-portal §9), at most 3 at a time,
// announced to screen readers (errors assertively).

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

/** How long a toast stays (ms): public-portal §9 "Toasts last 3 s". */
export const TOAST_MS = 3000;
/** At most this many toasts at a time (the back office's antd toasts follow the same two rules). */
export const MAX_TOASTS = 3;
const ICONS: Record<ToastKind, string> = { success: '✓', error: '!', warning: '!', info: 'i' };

function container(): HTMLElement {
  let box = document.getElementById('portal-toasts');
  if (!box) {
    box = document.createElement('div');
    box.id = 'portal-toasts';
    box.className = 'portal-toasts';
    box.setAttribute('aria-live', 'polite');
    document.body.append(box);
  }
  return box;
}

/** What a toast may say besides its text. */
export interface ToastOptions {
  /** A toast with the same key is replaced (a second 'position refused' does not stack under the first). */
  key?: string;
  /** A first line in bold before the text ('Bạn chưa cho phép truy cập vị trí.' then what to do). */
  heading?: string;
  /** The test id of the toast's words (the toast itself is 'toast'). */
  testId?: string;
}

/** Shows one toast; returns a function that closes it early. */
export function showToast(
  kind: ToastKind,
  text: string,
  ms: number = TOAST_MS,
  options: ToastOptions = {},
): () => void {
  const box = container();
  if (options.key) {
    for (const same of box.querySelectorAll<HTMLElement>('.portal-toast[data-key]'))
      if (same.dataset.key === options.key) same.remove();
  }
  const all = document.querySelectorAll('.portal-toast');
  for (let i = 0; i <= all.length - MAX_TOASTS; i++) all[i]?.remove();
  const item = document.createElement('div');
  item.className = `portal-toast portal-toast-${kind}`;
  item.dataset.testid = 'toast';
  // An error interrupts the screen reader; the others wait their turn.
  item.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  const icon = document.createElement('span');
  icon.className = 'portal-toast-icon';
  icon.setAttribute('aria-hidden', 'true');
  icon.textContent = ICONS[kind];
  if (options.key) item.dataset.key = options.key;
  const label = document.createElement('span');
  if (options.testId) label.dataset.testid = options.testId;
  if (options.heading) {
    const heading = document.createElement('strong');
    heading.textContent = options.heading;
    label.append(heading, ` ${text}`);
  } else label.textContent = text;
  item.append(icon, label);
  box.append(item);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearTimeout(timer);
    item.remove();
  };
  const timer = setTimeout(close, ms);
  return close;
}

/** `toast.success('Góp ý của bạn đã gửi thành công')`: the public pages' toasts. */
export const toast = {
  success: (text: string) => showToast('success', text),
  error: (text: string) => showToast('error', text),
  warning: (text: string) => showToast('warning', text),
  info: (text: string) => showToast('info', text),
};
