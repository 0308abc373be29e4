import type { ReportData } from '@flood/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import ReportDataPage, { columnDecimals, formatCell } from './report-data-page';

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
    expect(within(second).getByText('2,50')).toBeTruthy();
    expect(screen.getByText('Dữ liệu minh hoạ')).toBeTruthy();
    expect(screen.getByText(/thong-ke-lu\.xlsx/)).toBeTruthy();
    expect(screen.getByTestId('report-manage-files').getAttribute('href')).toBe('/database/files');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/report-data');
  });

  it('shows each column with fixed decimals and the sheet note under the table, not in its first column (#18 item 12)', async () => {
    signIn(['system', 'analyze']);
    const note = 'Dữ liệu minh hoạ: số liệu do hệ thống tạo ra để trình diễn, không phải số liệu quan trắc thực tế.';
    mockFetch(() =>
      jsonResponse(200, {
        ...REPORT,
        sheets: [
          {
            name: 'Năm 2008',
            columns: ['Mã trạm', 'Mực nước lớn nhất (m)', 'Lượng mưa (mm)', 'Số giờ trên BĐ I', 'Hệ số'],
            rows: [
              ['F01021', 3.3, 120, 14, 1.5],
              ['F01022', 1.5, 88.25, 9, 3.11],
              ['F01024', 3.11, 7, 0, 2],
              [note, null, null, null, null],
            ],
          },
        ],
      }),
    );
    renderWithProviders(<ReportDataPage />, '/analyze/report-data');
    const sheet = await screen.findByTestId('report-sheet-1');
    const cells = (row: number) =>
      Array.from(sheet.querySelectorAll('tbody tr.ant-table-row')[row]!.querySelectorAll('td')).map(
        (td) => td.textContent,
      );
    expect(sheet.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(3);
    expect(cells(0)).toEqual(['F01021', '3,30', '120,0', '14', '1,50']);
    expect(cells(1)).toEqual(['F01022', '1,50', '88,3', '9', '3,11']);
    expect(cells(2)).toEqual(['F01024', '3,11', '7,0', '0', '2,00']);
    expect(within(sheet).getByTestId('report-note').textContent).toBe(note);
    expect(sheet.querySelector('table')!.textContent).not.toContain('Dữ liệu minh hoạ');
  });

  it('picks decimals by the unit of the column, else by its numbers', () => {
    expect(columnDecimals('Mực nước (m)', [3.3])).toBe(2);
    expect(columnDecimals('Diện tích ngập (ha)', [12])).toBe(1);
    expect(columnDecimals('Năm', [2008, 2020])).toBe(0);
    expect(columnDecimals('Tỉ lệ', [0.5, 0.125])).toBe(2);
    expect(formatCell(2008, 'vi', 0)).toBe('2008');
    expect(formatCell(12345.678, 'en', 1)).toBe('12345.7');
    expect(formatCell(12345.678, 'vi', 2)).toBe('12345,68');
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
