import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render-app';
import { SAMPLE_ANALYSIS } from './flood-analysis-fixtures';
import FloodAnalysisModal from './flood-analysis-modal';

// The canvas chart is not drawn in jsdom: a stand-in shows the series it was given.
vi.mock('../../../../components/lazy-chart', () => ({
  LazyChart: ({ option, 'data-testid': testId }: { option: { series?: unknown[] }; 'data-testid'?: string }) => (
    <div data-testid={testId}>{JSON.stringify(option.series)}</div>
  ),
}));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderModal = (geodataId = 42) =>
  renderWithProviders(
    <FloodAnalysisModal geodataId={geodataId} open mobile={false} onClose={() => {}} afterClose={() => {}} />,
    '/maps',
  );

describe('flood analysis modal', () => {
  it('draws the two charts of the layer and its figures as a table', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, SAMPLE_ANALYSIS));
    renderModal();
    expect(await screen.findByText('Diện tích ngập theo xã (ha)')).toBeTruthy();
    expect(screen.getByText('Tỷ lệ diện tích ngập theo xã (%)')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/flood-analysis/42');
    expect(screen.getByRole('dialog', { name: 'Phân tích diện tích ngập lúc 15/06/2024 10:00' })).toBeTruthy();

    const area = JSON.parse(screen.getByTestId('flood-analysis-area-chart').textContent!) as { name: string }[];
    expect(area.map((s) => s.name)).toEqual(['0,5–1 m', '2,5–3 m']);
    const share = JSON.parse(screen.getByTestId('flood-analysis-share-chart').textContent!) as { data: number[] }[];
    expect(share[0]!.data).toEqual([30.1, 26.5]);

    const table = screen.getByTestId('flood-analysis-table');
    expect(table.tagName).toBe('DETAILS');
    expect(within(table).getByText('Xem bảng số liệu')).toBeTruthy();
    const cells = (id: string) =>
      [...within(table).getByTestId(`flood-analysis-row-${id}`).children].map((c) => c.textContent);
    expect(cells('101')).toEqual(['Xã Thanh Sơn', '120,25', '30,1', '400', '120,25', '0']);
    expect(cells('102')).toEqual(['Xã Đồn Đạc', '132,5', '26,5', '500', '120,25', '12,25']);
    expect(cells('TOTAL')).toEqual(['Tổng', '252,75', '28,1', '900', '240,5', '12,25']);
    expect(within(table).getByText('0,5–1 m (ha)')).toBeTruthy();
    expect(within(table).getByText('Ngoài ranh giới các xã: 3,5 ha')).toBeTruthy();
  });

  it('says the analysis is under way and asks again until it is done', async () => {
    let calls = 0;
    mockFetch(() => {
      calls += 1;
      return jsonResponse(
        200,
        calls === 1 ? { ...SAMPLE_ANALYSIS, status: 'RUNNING', communes: [], total: null } : SAMPLE_ANALYSIS,
      );
    });
    renderModal();
    const pending = await screen.findByTestId('flood-analysis-pending');
    expect(within(pending).getByText('Đang phân tích')).toBeTruthy();
    expect(screen.queryByTestId('flood-analysis-area-chart')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('flood-analysis-area-chart')).toBeTruthy(), { timeout: 6000 });
    expect(calls).toBe(2);
    expect(screen.queryByTestId('flood-analysis-pending')).toBeNull();
  });

  it('a waiting analysis says so', async () => {
    mockFetch(() => jsonResponse(200, { ...SAMPLE_ANALYSIS, status: 'PENDING', communes: [], total: null }));
    renderModal();
    expect(within(await screen.findByTestId('flood-analysis-pending')).getByText('Chờ phân tích')).toBeTruthy();
  });

  it("'Không có dữ liệu' for a layer without an analysis, or one that floods no commune", async () => {
    mockFetch(() => jsonResponse(404, { code: 'NOT_FOUND', message: 'Không có dữ liệu phân tích ngập cho lớp này' }));
    const first = renderModal(5);
    expect((await screen.findByTestId('flood-analysis-empty')).textContent).toBe('Không có dữ liệu');
    expect(screen.queryByTestId('flood-analysis-area-chart')).toBeNull();
    first.unmount();

    mockFetch(() => jsonResponse(200, { ...SAMPLE_ANALYSIS, communes: [], classes: [] }));
    renderModal(6);
    expect((await screen.findByTestId('flood-analysis-empty')).textContent).toBe('Không có dữ liệu');
  });

  it('a failed analysis shows why', async () => {
    const error = 'Chưa có lớp «Ranh giới xã» (các xã có NAME_3) để đối chiếu';
    mockFetch(() => jsonResponse(200, { ...SAMPLE_ANALYSIS, status: 'FAILED', error, communes: [], total: null }));
    renderModal();
    const failed = await screen.findByTestId('flood-analysis-failed');
    expect(within(failed).getByText('Phân tích lỗi')).toBeTruthy();
    expect(within(failed).getByText(error)).toBeTruthy();
  });
});
