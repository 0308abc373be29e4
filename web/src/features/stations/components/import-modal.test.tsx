import { IMPORT_MAX_BYTES, type ImportJob } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import { ImportModal } from './import-modal';

const JOB: ImportJob = {
  id: 'job-1',
  fileName: 'so-lieu.csv',
  status: 'queued',
  total: 0,
  processed: 0,
  stored: 0,
  duplicates: 0,
  rejectedCount: 0,
  rejected: [],
  error: null,
  createdAt: '2026-11-22T01:00:00.000Z',
  finishedAt: null,
};

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const pick = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });

describe('import modal', () => {
  beforeEach(() => signIn(['system', 'database']));
  afterEach(() => vi.unstubAllGlobals());

  it('uploads the file, follows the job and ends with the summary and the rejected rows', async () => {
    const polls: ImportJob[] = [
      { ...JOB, status: 'running', total: 4, processed: 2 },
      {
        ...JOB,
        status: 'done',
        total: 4,
        processed: 4,
        stored: 2,
        duplicates: 1,
        rejectedCount: 1,
        rejected: [{ row: 3, field: 'value', message: 'Giá trị phải là một số' }],
        finishedAt: '2026-11-22T01:00:02.000Z',
      },
    ];
    let seen = 0;
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/readings/import' && init?.method === 'POST') return jsonResponse(202, JOB);
      if (url === '/api/readings/import/job-1') return jsonResponse(200, polls[Math.min(seen++, polls.length - 1)]);
      return jsonResponse(200, []);
    });
    renderWithProviders(<ImportModal open onClose={() => {}} />);
    expect(await screen.findByText('Nhập dữ liệu')).toBeTruthy();
    expect(screen.getByText(/stationCode,date,hour,minute,value/)).toBeTruthy();
    expect((screen.getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(true);

    pick(new File(['stationCode,date,hour,minute,value\n'], 'so-lieu.csv', { type: 'text/csv' }));
    await waitFor(() => expect((screen.getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('import-submit'));

    const progress = await screen.findByTestId('import-progress');
    await waitFor(() => expect(within(progress).getByText('2/4 (50%)')).toBeTruthy());
    const summary = await screen.findByTestId('import-summary', {}, { timeout: 3000 });
    expect(within(summary).getByText('Đã lưu 2 bản ghi mới, 1 bản ghi trùng, 1 dòng bị từ chối')).toBeTruthy();
    expect(within(summary).getByText('Giá trị phải là một số')).toBeTruthy();
    for (const header of ['Dòng', 'Trường', 'Lý do'])
      expect(within(summary).getAllByText(header).length).toBeGreaterThan(0);
    expect(within(screen.getByTestId('import-progress')).getByText('4/4 (100%)')).toBeTruthy();

    const upload = fetchMock.mock.calls.find(([url]) => url === '/api/readings/import')!;
    const body = upload[1]?.body as FormData;
    expect((body.get('file') as File).name).toBe('so-lieu.csv');
    expect((upload[1]!.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
    // Polling stops once the job is done.
    const polled = fetchMock.mock.calls.filter(([url]) => url === '/api/readings/import/job-1').length;
    await new Promise((r) => setTimeout(r, 700));
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/readings/import/job-1').length).toBe(polled);
  });

  it('refuses a file over the limit before uploading and shows a failed job’s error', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/readings/import' && init?.method === 'POST') return jsonResponse(202, JOB);
      return jsonResponse(200, { ...JOB, status: 'failed', error: 'Tệp không đọc được' });
    });
    renderWithProviders(<ImportModal open onClose={() => {}} />);
    await screen.findByText('Nhập dữ liệu');
    const big = new File(['x'], 'lon.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: IMPORT_MAX_BYTES + 1 });
    pick(big);
    expect(await screen.findByText('Tệp quá lớn (tối đa 20 MB)')).toBeTruthy();
    expect((screen.getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(true);

    pick(new File(['x'], 'hong.xlsx'));
    await waitFor(() => expect((screen.getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('import-submit'));
    expect(await screen.findByText('Tệp không đọc được')).toBeTruthy();
    expect(screen.queryByTestId('import-summary')).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').length).toBe(1);
  });
});
