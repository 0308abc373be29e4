import { describe, expect, it } from 'vitest';
import { createHttpSmsGateway } from './sms-gateway';

describe('HTTP SMS gateway', () => {
  const calls: { url: string; init: RequestInit }[] = [];
  const fakeFetch = (status: number) =>
    (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init: init! });
      return new Response('{}', { status });
    }) as typeof fetch;
  const opts = {
    url: 'https://sms.example.vn/send?to={{phone}}',
    method: 'POST',
    bodyTemplate: '{"phone":"{{phone}}","text":"{{message}}","ref":"{{id}}"}',
    headers: { authorization: 'Bearer secret' },
    timeoutMs: 1000,
    idempotent: true,
  };

  it('fills the URL (encoded) and the body (JSON-escaped) from the configuration', async () => {
    await createHttpSmsGateway(opts, fakeFetch(200)).send({
      to: '+84912345678',
      body: 'Tram "Ba Che"\ncap 2',
      purpose: 'FLOOD_WARNING',
      id: 'sms-history-7',
    });
    const call = calls.at(-1)!;
    expect(call.url).toBe('https://sms.example.vn/send?to=%2B84912345678');
    expect(JSON.parse(String(call.init.body))).toEqual({
      phone: '+84912345678',
      text: 'Tram "Ba Che"\ncap 2',
      ref: 'sms-history-7',
    });
    expect((call.init.headers as Record<string, string>).authorization).toBe('Bearer secret');
    expect((call.init.headers as Record<string, string>)['idempotency-key']).toBe('sms-history-7');
  });

  it('resends after a crash only when the provider de-duplicates (SMS_HTTP_IDEMPOTENT)', () => {
    expect(createHttpSmsGateway(opts, fakeFetch(200)).afterInterruption).toBe('resend');
    expect(createHttpSmsGateway({ ...opts, idempotent: false }, fakeFetch(200)).afterInterruption).toBe('hold');
  });

  it('throws on a non-2xx answer so the dispatcher retries', async () => {
    await expect(
      createHttpSmsGateway(opts, fakeFetch(503)).send({ to: '0912345678', body: 'x', purpose: 'FLOOD_WARNING' }),
    ).rejects.toThrow('HTTP 503');
  });
});
