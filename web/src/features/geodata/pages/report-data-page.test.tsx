import '../../../test/setup';
import type { ReportData } from '@flood/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import ReportDataPage from './report-data-page';

const REPORT: ReportData = {
  item: {
    id: 40,
    name: 'thong-ke-lu.xlsx',
    type: 'xlsx',
    path: '40.xlsx',
    url: '/api/geojson/40.xlsx',
    parentId: null,
    time: null,
    size: 9000,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    demo: true,
    childCount: 0,
    userId: null,
    userName: null,
    createdAt: '2026-11-20T03:00:00.000Z',
  },
  demo: true,
  sheets: [
    {
      name: 'Thống kê mực nước lũ năm 2008',
      columns: ['Trạm', 'Năm', 'Mực nước đỉnh lũ (m)'],
      rows: [
        ['Ba Chẽ', 2008, 1.25],
        ['Thanh Sơn', 2008, null],
      ],
    },
    {
      name: 'Thống kê mực nước lũ năm 2020',
      columns: ['Trạm', 'Mực nước đỉnh lũ (m)'],
      rows: [['Ba Chẽ', 2.5]],
    },
  ],
};

describe('report data page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('renders the two sheets as two tables titled with the sheet names', async () => {
    signIn(['system', 'analyze', 'database']);
    const fetchMock = mockFetch(() => jsonResponse(200, REPORT));
    renderWithProviders(<ReportDataPage />, '/analyze/report-data');
    expect(await screen.findByRole('heading', { level: 1, name: 'Số liệu thống kê' })).toBeTruthy();
    const first = await screen.findByTestId('report-sheet-1');
    const second = screen.getByTestId('report-sheet-2');
    expect(within(first).getByRole('heading', { level: 2, name: 'Thống kê mực nước lũ năm 2008' })).toBeTruthy();
    expect(within(second).getByRole('heading', { level: 2, name: 'Thống kê mực nước lũ năm 2020' })).toBeTruthy();
    expect(document.querySelectorAll('table')).toHaveLength(2);
    expect(within(first).getAllByText('Mực nước đỉnh lũ (m)').length).toBeGreaterThan(0);
    expect(within(first).getByText('1,25')).toBeTruthy();
    expect(within(first).getAllByText('2008')).toHaveLength(2);
    expect(within(second).getByText('2,5')).toBeTruthy();
    expect(screen.getByText('Dữ liệu minh hoạ')).toBeTruthy();
    expect(screen.getByText(/thong-ke-lu\.xlsx/)).toBeTruthy();
    expect(screen.getByTestId('report-manage-files').getAttribute('href')).toBe('/database/files');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/report-data');
  });

  it("says 'Không có dữ liệu' without a workbook and hides the file-manager link without its permission", async () => {
    signIn(['system', 'analyze']);
    mockFetch(() => jsonResponse(200, { item: null, demo: false, sheets: [] }));
    renderWithProviders(<ReportDataPage />, '/analyze/report-data');
    expect(await screen.findByText('Không có dữ liệu')).toBeTruthy();
    expect(document.querySelector('table')).toBeNull();
    expect(screen.queryByTestId('report-manage-files')).toBeNull();
  });
});
