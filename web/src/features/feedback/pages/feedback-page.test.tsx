import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import FeedbackPage from './feedback-page';

const FORM = {
  name: '  Nguyễn Thị Hoa ',
  email: 'hoa@example.vn',
  phone: '0912345678',
  address: 'Thôn Làng Mới, xã Thanh Sơn',
  content: 'Đường vào thôn bị ngập sâu khi mưa lớn.',
};
type Field = keyof typeof FORM;
const input = (field: Field) => screen.getByTestId(`feedback-${field}`) as HTMLInputElement;
const type = (field: Field, value: string) => fireEvent.change(input(field), { target: { value } });
const fill = (values: Partial<Record<Field, string>> = FORM) => {
  for (const [field, value] of Object.entries(values)) type(field as Field, value);
};
const send = () => screen.getByTestId('feedback-send') as HTMLButtonElement;
const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/feedback' && init?.method === 'POST');

function renderPage() {
  renderWithProviders(<FeedbackPage />, '/feedback');
}

describe('feedback page (/feedback)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is titled and labels every field; send stays disabled until all five are filled', () => {
    mockFetch(() => jsonResponse(500, {}));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Liên hệ và góp ý' })).toBeTruthy();
    for (const label of ['Họ và tên', 'Email', 'Số điện thoại', 'Địa chỉ', 'Nội dung']) {
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeTruthy();
    }
    expect(input('email').type).toBe('email');
    expect(input('phone').inputMode).toBe('numeric');
    expect(send().disabled).toBe(true);
    fill({ name: FORM.name, email: FORM.email, phone: FORM.phone, address: FORM.address });
    expect(send().disabled).toBe(true);
    type('content', '   ');
    expect(send().disabled).toBe(true);
    type('content', FORM.content);
    expect(send().disabled).toBe(false);
  });

  it('keeps only digits in the phone field', () => {
    mockFetch(() => jsonResponse(500, {}));
    renderPage();
    type('phone', '+84 912-345a678');
    expect(input('phone').value).toBe('84912345678');
  });

  it('sends the trimmed form, toasts the success and clears the form', async () => {
    const fetchMock = mockFetch((_url, init) =>
      jsonResponse(200, { id: 3, ...JSON.parse(String(init?.body)), createdAt: '2026-06-01T00:00:00.000Z' }),
    );
    renderPage();
    fill();
    fireEvent.click(send());
    expect(await screen.findByText('Góp ý của bạn đã gửi thành công')).toBeTruthy();
    expect(JSON.parse(String(posts(fetchMock)[0]?.[1]?.body))).toEqual({ ...FORM, name: 'Nguyễn Thị Hoa' });
    for (const field of Object.keys(FORM) as Field[]) expect(input(field).value).toBe('');
    expect(send().disabled).toBe(true);
  });

  it('checks the e-mail before sending, under its field', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, {}));
    renderPage();
    fill({ ...FORM, email: 'hoa-at-example' });
    fireEvent.click(send());
    expect((await screen.findByTestId('feedback-email-error')).textContent).toBe('Email không hợp lệ');
    expect(posts(fetchMock)).toHaveLength(0);
    // Typing again clears the message.
    type('email', FORM.email);
    expect(screen.queryByTestId('feedback-email-error')).toBeNull();
  });

  it("keeps what was typed and shows the server's field errors under their fields", async () => {
    mockFetch(() =>
      jsonResponse(400, {
        code: 'VALIDATION_FAILED',
        message: 'Dữ liệu không hợp lệ',
        fields: [{ field: 'phone', message: 'Số điện thoại chỉ gồm chữ số' }],
        requestId: 'r1',
      }),
    );
    renderPage();
    fill();
    fireEvent.click(send());
    const error = await screen.findByTestId('feedback-phone-error');
    expect(error.textContent).toBe('Số điện thoại chỉ gồm chữ số');
    expect(input('phone').getAttribute('aria-describedby')).toBe(error.id);
    expect(input('phone').getAttribute('aria-invalid')).toBe('true');
    expect(input('name').getAttribute('aria-invalid')).toBeNull();
    for (const field of Object.keys(FORM) as Field[]) expect(input(field).value).toBe(FORM[field]);
    expect(screen.queryByText('Góp ý của bạn đã gửi thành công')).toBeNull();
  });

  it("shows the server's message when too many were sent, and the generic error otherwise", async () => {
    const limited = 'Bạn đã gửi quá nhiều góp ý từ địa chỉ này. Vui lòng thử lại sau 10 phút.';
    let status = 429;
    mockFetch(() =>
      jsonResponse(status, { code: status === 429 ? 'RATE_LIMITED' : 'INTERNAL', message: limited, requestId: 'r2' }),
    );
    renderPage();
    fill();
    fireEvent.click(send());
    expect(await screen.findByText(limited)).toBeTruthy();
    expect(input('content').value).toBe(FORM.content);
    status = 500;
    await waitFor(() => expect(send().disabled).toBe(false));
    fireEvent.click(send());
    expect(await screen.findByText('Xảy ra lỗi, vui lòng thử lại!')).toBeTruthy();
    expect(input('name').value).toBe(FORM.name);
  });
});
