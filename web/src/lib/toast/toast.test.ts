import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast, TOAST_MS, toast } from './toast';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('toast', () => {
  it('shows the text for 3 s, errors as alerts', () => {
    vi.useFakeTimers();
    toast.success('Góp ý của bạn đã gửi thành công');
    toast.error('Xảy ra lỗi, vui lòng thử lại!');
    const items = document.querySelectorAll('.portal-toast');
    expect([...items].map((i) => i.textContent)).toEqual([
      '✓Góp ý của bạn đã gửi thành công',
      '!Xảy ra lỗi, vui lòng thử lại!',
    ]);
    expect(items[0]?.getAttribute('role')).toBe('status');
    expect(items[1]?.getAttribute('role')).toBe('alert');
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect(document.querySelectorAll('.portal-toast')).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(document.querySelectorAll('.portal-toast')).toHaveLength(0);
  });

  it('keeps at most 3, dropping the oldest, and closes early on demand', () => {
    for (const n of [1, 2, 3, 4]) toast.info(`t${n}`);
    expect([...document.querySelectorAll('.portal-toast')].map((i) => i.textContent)).toEqual(['it2', 'it3', 'it4']);
    const close = showToast('warning', 'x');
    close();
    expect(document.body.textContent).not.toContain('!x');
  });

  it('replaces a toast of the same key, and says a heading in bold before the text', () => {
    const notice = { key: 'map-locate', heading: 'Bạn chưa cho phép truy cập vị trí.', testId: 'locate-message' };
    showToast('error', 'Hãy cho phép trong cài đặt trình duyệt.', TOAST_MS, notice);
    showToast('error', 'Hãy cho phép trong cài đặt trình duyệt.', TOAST_MS, notice);
    toast.info('khác');
    const items = document.querySelectorAll('.portal-toast');
    expect(items).toHaveLength(2);
    const words = document.querySelector('[data-testid="locate-message"]');
    expect(words?.querySelector('strong')?.textContent).toBe('Bạn chưa cho phép truy cập vị trí.');
    expect(words?.textContent).toBe('Bạn chưa cho phép truy cập vị trí. Hãy cho phép trong cài đặt trình duyệt.');
  });
});
