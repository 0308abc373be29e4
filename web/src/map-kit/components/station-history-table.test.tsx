import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { StationHistoryTable } from './station-history-table';

describe('station history table (the station chart as text)', () => {
  it('lists every hour newest first, water in metres, under a caption naming the chart', () => {
    renderWithProviders(
      <StationHistoryTable
        lang="vi"
        series={{
          stationCode: 'F01001',
          stationName: 'Cầu Ba Chẽ',
          kind: 'water',
          levels: null,
          points: [
            { time: '2026-11-23T01:00:00.000Z', value: 80 },
            { time: '2026-11-23T02:00:00.000Z', value: 125 },
          ],
        }}
      />,
      '/maps',
    );
    expect(screen.getByText('Xem bảng số liệu')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Biểu đồ mực nước 24 giờ qua của Cầu Ba Chẽ' });
    expect(within(table).getByRole('columnheader', { name: 'Mực nước (m)' })).toBeTruthy();
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(['23/11/2026 09:001,25', '23/11/2026 08:000,80']);
    // Focusable, so that a keyboard user can scroll a long list.
    expect(screen.getByRole('region', { name: 'Xem bảng số liệu' }).getAttribute('tabindex')).toBe('0');
  });

  it("marks a suspect reading 'nghi ngờ' (#22)", () => {
    renderWithProviders(
      <StationHistoryTable
        lang="vi"
        series={{
          stationCode: 'F01001',
          stationName: 'Cầu Ba Chẽ',
          kind: 'water',
          levels: null,
          points: [
            { time: '2026-11-23T01:00:00.000Z', value: 40 },
            { time: '2026-11-23T01:10:00.000Z', value: 900, quality: 'suspect' },
          ],
        }}
      />,
      '/maps',
    );
    const rows = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(['23/11/2026 08:109,00 (nghi ngờ)', '23/11/2026 08:000,40']);
  });
});
