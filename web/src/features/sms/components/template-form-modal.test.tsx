import { SMS_TEMPLATE_HELP, SMS_TEMPLATE_INVALID, type SmsTemplate } from '@flood/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import { TemplateFormModal } from './template-form-modal';

const FLOOD: SmsTemplate = {
  id: 1,
  type: 'FLOOD_WARNING',
  template: 'Tram %s dat canh bao cap %d, muc nuoc %.2f m',
  createdAt: '2026-03-04T01:02:00.000Z',
};

const text = () => document.getElementById('sms-template-text') as HTMLTextAreaElement;
const puts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('SMS template modal', () => {
  beforeEach(() => signIn(['system']));
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a template without %f / %.2f and sends only a valid one', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'PUT'
        ? jsonResponse(200, { ...FLOOD, template: JSON.parse(String(init.body)).template })
        : jsonResponse(404, {}),
    );
    const onClose = vi.fn();
    renderWithProviders(<TemplateFormModal open template={FLOOD} onClose={onClose} />);
    expect(await screen.findByText('Cập nhật mẫu tin nhắn')).toBeTruthy();
    expect(text().value).toBe(FLOOD.template);
    expect(screen.getByTestId('sms-template-help').textContent).toBe(SMS_TEMPLATE_HELP.FLOOD_WARNING.vi);
    expect(screen.getByText('Cảnh báo lũ')).toBeTruthy();

    fireEvent.change(text(), { target: { value: 'Tram %s dat canh bao cap %d' } });
    fireEvent.click(screen.getByTestId('sms-template-submit'));
    expect(await screen.findByText(SMS_TEMPLATE_INVALID)).toBeTruthy();
    expect(screen.getByText('Vui lòng cập nhật lại nội dung tin nhắn theo mô tả')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(puts(fetchMock)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.change(text(), { target: { value: ' Tram %s cap %d: %f m ' } });
    fireEvent.click(screen.getByTestId('sms-template-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts(fetchMock).map(([url, init]) => [url, JSON.parse(String(init?.body))])).toEqual([
      ['/api/sms-template/1', { template: 'Tram %s cap %d: %f m' }],
    ]);
    expect(await screen.findByText('Cập nhật tin nhắn thành công')).toBeTruthy();
  });

  it('shows the server field error on the template', async () => {
    mockFetch((_url, init) =>
      init?.method === 'PUT'
        ? jsonResponse(400, {
            code: 'VALIDATION_FAILED',
            message: 'Dữ liệu không hợp lệ',
            fields: [{ field: 'template', message: SMS_TEMPLATE_INVALID }],
            requestId: 'r',
          })
        : jsonResponse(404, {}),
    );
    const onClose = vi.fn();
    renderWithProviders(<TemplateFormModal open template={FLOOD} onClose={onClose} />);
    await screen.findByText('Cập nhật mẫu tin nhắn');
    fireEvent.click(screen.getByTestId('sms-template-submit'));
    expect(await screen.findByText(SMS_TEMPLATE_INVALID)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the SMS as it will be sent and refuses a template that needs a second SMS (#24)', async () => {
    const fetchMock = mockFetch(() => jsonResponse(404, {}));
    renderWithProviders(<TemplateFormModal open template={FLOOD} onClose={vi.fn()} />);
    expect(await screen.findByText('Cập nhật mẫu tin nhắn')).toBeTruthy();
    expect(screen.getByTestId('sms-template-example-text').textContent).toBe(
      'Tram Tram thuy van Thi tran Ba Che (cau Ba Che) dat canh bao cap 3, muc nuoc 215,43 m',
    );
    expect(screen.getByTestId('sms-template-example-facts').textContent).toBe('GSM-7 · 85/160 ký tự · 1 tin');
    // A subscriber's SMS ends with its way out; this short template keeps the long name whole.
    expect(screen.getByTestId('sms-template-subscriber-text').textContent).toBe(
      'Tram Tram thuy van Thi tran Ba Che (cau Ba Che) dat canh bao cap 3, muc nuoc 215,43 m Huy DK: canhbao.bache.vn/h/7ps.AbCdEfGhIj',
    );
    expect(screen.getByTestId('sms-template-subscriber-facts').textContent).toBe('127/160 ký tự · 1 tin');

    const long = `${FLOOD.template}. ${'Nguoi dan ven song chu dong phong tranh. '.repeat(2)}`;
    fireEvent.change(text(), { target: { value: long } });
    await waitFor(() =>
      expect(screen.getByTestId('sms-template-example-facts').textContent).toMatch(
        /^GSM-7 · 1\d\d\/160 ký tự · 2 tin$/,
      ),
    );
    fireEvent.click(screen.getByTestId('sms-template-submit'));
    expect(await screen.findByText(/^Tin nhắn mẫu dài 1\d\d ký tự, cần 2 tin; rút gọn để vừa 1 tin/)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(puts(fetchMock)).toHaveLength(0);
  });
});
