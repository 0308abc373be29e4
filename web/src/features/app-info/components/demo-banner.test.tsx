import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

afterEach(() => vi.restoreAllMocks());

const tile = { url: 'https://tile.example.vn/{z}/{x}/{y}.png', attribution: '' };
const mapTiles = { national: tile, satellite: tile, street: tile };

describe('demo banner', () => {
  it('says the data are illustrative when the server runs in demo mode', async () => {
    mockFetch((path) =>
      path.endsWith('/app-info')
        ? jsonResponse(200, { demo: true, timeZone: 'Asia/Ho_Chi_Minh', version: '1', mapTiles })
        : jsonResponse(404, {}),
    );
    renderApp('/khong-ton-tai');
    expect((await screen.findByTestId('demo-banner')).textContent).toContain('Dữ liệu minh hoạ');
  });

  it('is absent otherwise', async () => {
    const fetchMock = mockFetch((path) =>
      path.endsWith('/app-info')
        ? jsonResponse(200, { demo: false, timeZone: 'Asia/Ho_Chi_Minh', version: '1', mapTiles })
        : jsonResponse(404, {}),
    );
    const { container } = renderApp('/khong-ton-tai');
    await waitFor(() => expect(fetchMock.mock.calls.some(([p]) => String(p).endsWith('/app-info'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="demo-banner"]')).toBeNull();
  });
});
