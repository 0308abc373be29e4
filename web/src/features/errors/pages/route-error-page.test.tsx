import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isStaleChunkError, RouteErrorPage } from './route-error-page';

function renderFailing(error: Error) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteErrorPage standalone />,
        lazy: async () => {
          throw error;
        },
      },
    ],
    { initialEntries: ['/'] },
  );
  return render(<RouterProvider router={router} />);
}

describe('route error page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('knows a stale chunk from other errors', () => {
    expect(isStaleChunkError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isStaleChunkError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isStaleChunkError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once for a chunk that is gone after a release, not in a loop', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderFailing(new TypeError('Failed to fetch dynamically imported module: /assets/page-old.js'));
    expect(await screen.findByTestId('route-error')).toBeTruthy();
    // The reload runs in an effect, after the error page is on screen.
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // The reloaded page fails the same way: no second reload within the minute.
    renderFailing(new TypeError('Failed to fetch dynamically imported module: /assets/page-old.js'));
    await waitFor(() => expect(screen.getAllByTestId('route-error')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows a Vietnamese error with reload and home instead of the developer screen', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderFailing(new Error('boom'));
    expect(await screen.findByText('Trang gặp sự cố khi hiển thị')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('button', { name: 'Tải lại trang' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Về trang chủ' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('main')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });
});
