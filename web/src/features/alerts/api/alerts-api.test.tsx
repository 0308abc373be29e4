import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse, mockFetch } from '../../../test/fixtures';
import { ALERT_POLL_MS, useActiveAlerts } from './alerts-api';

/** One user of the open warnings, as the banner and the map's toasts each are (on a page: the router's address). */
function ReaderOnly() {
  useActiveAlerts();
  return null;
}
function Reader() {
  return (
    <MemoryRouter initialEntries={['/dashboard']}>
      <ReaderOnly />
    </MemoryRouter>
  );
}

describe('the alert check while the live stream is down', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks the server once per 30 s however many components read the warnings, even mounted apart', async () => {
    vi.useFakeTimers();
    // No EventSource in this page: the stream is down, the warnings are polled.
    vi.stubGlobal('EventSource', undefined);
    const fetchMock = mockFetch((url) =>
      url === '/api/alerts/active' ? jsonResponse(200, []) : jsonResponse(404, {}),
    );
    const calls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/alerts/active').length;
    const client = createQueryClient();
    const { rerender } = render(
      <QueryClientProvider client={client}>
        <Reader />
      </QueryClientProvider>,
    );
    await vi.advanceTimersByTimeAsync(10);
    expect(calls()).toBe(1);
    // The map (with its toasts) opens 12 s later, beside the banner.
    await vi.advanceTimersByTimeAsync(12_000);
    rerender(
      <QueryClientProvider client={client}>
        <Reader />
        <Reader />
      </QueryClientProvider>,
    );
    await vi.advanceTimersByTimeAsync(10);
    expect(calls()).toBe(1);
    for (let period = 1; period <= 4; period++) {
      await vi.advanceTimersByTimeAsync(ALERT_POLL_MS);
      expect(calls()).toBe(1 + period);
    }
  });
});
