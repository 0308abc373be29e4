import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PermanentSendError } from './channels/channel';
import {
  createHttpSmsGateway,
  type HttpGatewayOptions,
  parseDeliveryReceipt,
  type ReceiptProfile,
} from './sms-gateway';

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

/** A fake SMS provider: keeps each request's raw bytes and answers `next` (status, content type, body). */
const provider = {
  received: [] as { headers: IncomingHttpHeaders; body: Buffer }[],
  next: { status: 200, type: 'application/json', body: '{}' },
};
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      provider.received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(provider.next.status, { 'content-type': provider.next.type }).end(provider.next.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  provider.received = [];
  provider.next = { status: 200, type: 'application/json', body: '{}' };
});

/** Quotes, an ampersand, '<', an apostrophe, a newline and Vietnamese letters. */
const text = `Trạm "Ba Chẽ" & <cầu>\nmức 2's`;
const gateway = (o: Partial<HttpGatewayOptions>) =>
  createHttpSmsGateway({
    url,
    method: 'POST',
    bodyTemplate: '',
    headers: {},
    timeoutMs: 2000,
    idempotent: true,
    brandname: 'BACHE-PCTT',
    ...o,
  });
const sms = { to: '+84912345678', body: text, purpose: 'FLOOD_WARNING' as const, id: 'sms-history-7' };
/** The error a send failed with (the test fails if it resolved). */
async function failure(sending: Promise<unknown>): Promise<Error> {
  try {
    await sending;
  } catch (e) {
    return e as Error;
  }
  throw new Error('the send was expected to fail');
}
const lastBody = () => provider.received.at(-1)?.body;

describe('HTTP SMS gateway: provider profiles', () => {
  it('json: values JSON-escaped, the number as given, application/json', async () => {
    await gateway({
      format: 'json',
      bodyTemplate: '{"to":"{{phone}}","text":"{{message}}","brand":"{{brandname}}","ref":"{{id}}"}',
    }).send(sms);
    expect(lastBody()).toEqual(
      Buffer.from(
        '{"to":"+84912345678","text":"Trạm \\"Ba Chẽ\\" & <cầu>\\nmức 2\'s","brand":"BACHE-PCTT","ref":"sms-history-7"}',
        'utf8',
      ),
    );
    expect(provider.received[0]?.headers['content-type']).toBe('application/json');
  });

  it('form: values form-urlencoded (UTF-8, space as +), application/x-www-form-urlencoded', async () => {
    await gateway({
      format: 'form',
      bodyTemplate: 'Phone={{phone}}&Content={{message}}&Brandname={{brandname}}&RequestId={{id}}',
    }).send(sms);
    expect(lastBody()?.toString('latin1')).toBe(
      'Phone=%2B84912345678&Content=Tr%E1%BA%A1m+%22Ba+Ch%E1%BA%BD%22+%26+%3Cc%E1%BA%A7u%3E%0Am%E1%BB%A9c+2%27s' +
        '&Brandname=BACHE-PCTT&RequestId=sms-history-7',
    );
    expect(Object.fromEntries(new URLSearchParams(lastBody()?.toString('utf8')))).toEqual({
      Phone: '+84912345678',
      Content: text,
      Brandname: 'BACHE-PCTT',
      RequestId: 'sms-history-7',
    });
    expect(provider.received[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('xml: values entity-escaped in a SOAP-like envelope, text/xml', async () => {
    await gateway({
      format: 'xml',
      bodyTemplate:
        '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><SendSMS>' +
        '<phone>{{phone}}</phone><msg>{{message}}</msg><brand>{{brandname}}</brand><ref>{{id}}</ref>' +
        '</SendSMS></soap:Body></soap:Envelope>',
      headers: { SOAPAction: 'urn:SendSMS' },
    }).send(sms);
    expect(lastBody()).toEqual(
      Buffer.from(
        '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><SendSMS>' +
          '<phone>+84912345678</phone><msg>Trạm &quot;Ba Chẽ&quot; &amp; &lt;cầu&gt;\nmức 2&apos;s</msg>' +
          '<brand>BACHE-PCTT</brand><ref>sms-history-7</ref></SendSMS></soap:Body></soap:Envelope>',
        'utf8',
      ),
    );
    expect(provider.received[0]?.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(provider.received[0]?.headers.soapaction).toBe('urn:SendSMS');
  });

  it('a content type in SMS_HTTP_HEADERS replaces the format one, whatever its case', async () => {
    await gateway({
      format: 'xml',
      bodyTemplate: '<m>{{message}}</m>',
      headers: { 'Content-Type': 'application/soap+xml' },
    }).send(sms);
    expect(provider.received[0]?.headers['content-type']).toBe('application/soap+xml');
  });

  it("reads the provider's message id from a JSON answer (dotted path) or an XML one (element name)", async () => {
    provider.next = { status: 200, type: 'application/json', body: '{"CodeResult":"100","data":{"msgId":"abc-1"}}' };
    expect(await gateway({ bodyTemplate: '{}', idPath: 'data.msgId' }).send(sms)).toEqual({ providerId: 'abc-1' });
    provider.next = {
      status: 200,
      type: 'text/xml; charset=utf-8',
      body:
        '<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>' +
        '<SendSMSResponse><Result>0</Result><SMSID>X-77</SMSID></SendSMSResponse></soap:Body></soap:Envelope>',
    };
    expect(await gateway({ format: 'xml', bodyTemplate: '<m/>', idPath: 'SMSID' }).send(sms)).toEqual({
      providerId: 'X-77',
    });
    // Without an id path (or an answer without the field) there is no provider id.
    expect(await gateway({ bodyTemplate: '{}' }).send(sms)).toBeUndefined();
    expect(await gateway({ bodyTemplate: '{}', idPath: 'nothing.here' }).send(sms)).toBeUndefined();
  });

  it("a 2xx answer whose result code is not a success value is an error, retried, with the provider's words", async () => {
    const profile = { bodyTemplate: '{}', okPath: 'CodeResult', okValues: ['100'], idPath: 'SMSID' };
    provider.next = { status: 200, type: 'application/json', body: '{"CodeResult":"100","SMSID":"e-1"}' };
    expect(await gateway(profile).send(sms)).toEqual({ providerId: 'e-1' });
    provider.next = { status: 200, type: 'application/json', body: '{"CodeResult":"101","ErrorMessage":"Sai ApiKey"}' };
    const err = await failure(gateway(profile).send(sms));
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(PermanentSendError);
    expect(err.message).toContain('CodeResult=101');
    expect(err.message).toContain('Sai ApiKey');
  });

  it('4xx (but 408 and 429) is refused for good; 5xx, 408, 429 and an unreachable provider are retried', async () => {
    const outcome = async (status: number) => {
      provider.next = { status, type: 'application/json', body: '{"error":"x"}' };
      return failure(gateway({ bodyTemplate: '{}' }).send(sms));
    };
    for (const status of [400, 401, 403, 422]) {
      const err = await outcome(status);
      expect(err).toBeInstanceOf(PermanentSendError);
      expect((err as PermanentSendError).gone).toBe(false);
      expect(err.message).toContain(`HTTP ${status}`);
    }
    for (const status of [408, 429, 500, 503]) {
      const err = await outcome(status);
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(PermanentSendError);
    }
    const unreachable = await failure(
      createHttpSmsGateway({
        url: 'http://127.0.0.1:1/sms',
        method: 'POST',
        bodyTemplate: '{}',
        headers: {},
        timeoutMs: 2000,
        idempotent: true,
      }).send(sms),
    );
    expect(unreachable).toBeInstanceOf(Error);
    expect(unreachable).not.toBeInstanceOf(PermanentSendError);
  });
});

describe('delivery receipts', () => {
  const profile: ReceiptProfile = {
    idField: 'id',
    statusField: 'status',
    deliveredValues: ['DELIVERED', 'delivered', 'DELIVRD', '1'],
    reasonField: 'reason',
  };

  it('JSON: delivered, failed with its reason, a numeric status, a nested field', () => {
    expect(parseDeliveryReceipt(profile, 'application/json', '{"id":"sms-history-7","status":"DELIVERED"}')).toEqual({
      id: 'sms-history-7',
      delivered: true,
      reason: null,
    });
    expect(
      parseDeliveryReceipt(
        profile,
        'application/json; charset=utf-8',
        '{"id":"X-77","status":"UNDELIV","reason":"Thuê bao không liên lạc được"}',
      ),
    ).toEqual({ id: 'X-77', delivered: false, reason: 'Thuê bao không liên lạc được' });
    expect(parseDeliveryReceipt(profile, 'application/json', '{"id":12,"status":1}')).toEqual({
      id: '12',
      delivered: true,
      reason: null,
    });
    const nested = { ...profile, idField: 'data.msgId', statusField: 'data.stat' };
    expect(parseDeliveryReceipt(nested, 'application/json', '{"data":{"msgId":"a-1","stat":"EXPIRED"}}')).toEqual({
      id: 'a-1',
      delivered: false,
      reason: 'EXPIRED',
    });
  });

  it('form: the fields of a form body (or a query string)', () => {
    const form = { ...profile, idField: 'msgid', statusField: 'stat', reasonField: 'err' };
    expect(parseDeliveryReceipt(form, 'application/x-www-form-urlencoded', 'msgid=X-77&stat=DELIVRD')).toEqual({
      id: 'X-77',
      delivered: true,
      reason: null,
    });
    expect(
      parseDeliveryReceipt(
        form,
        'application/x-www-form-urlencoded',
        'msgid=X-78&stat=UNDELIV&err=Thu%C3%AA+bao+t%E1%BA%AFt+m%C3%A1y',
      ),
    ).toEqual({ id: 'X-78', delivered: false, reason: 'Thuê bao tắt máy' });
  });

  it('XML: a flat element list, entities undone', () => {
    expect(
      parseDeliveryReceipt(
        profile,
        'text/xml',
        '<?xml version="1.0" encoding="UTF-8"?><receipt><id>sms-history-9</id><status>delivered</status></receipt>',
      ),
    ).toEqual({ id: 'sms-history-9', delivered: true, reason: null });
    expect(
      parseDeliveryReceipt(
        profile,
        'application/xml',
        '<receipt><id>sms-history-10</id><status>FAILED</status><reason>Số bị chặn &amp; &lt;hết hạn&gt;</reason></receipt>',
      ),
    ).toEqual({ id: 'sms-history-10', delivered: false, reason: 'Số bị chặn & <hết hạn>' });
  });

  it('anything else is not a receipt', () => {
    for (const [type, body] of [
      ['application/json', '{not json'],
      ['application/json', '"just a string"'],
      ['application/json', '{"id":"sms-history-1"}'],
      ['application/json', '{"status":"DELIVERED"}'],
      ['text/xml', '<receipt><status>DELIVERED</status></receipt>'],
      ['application/x-www-form-urlencoded', 'foo=bar'],
      ['text/plain', 'hello'],
      ['', ''],
    ] as const) {
      expect(parseDeliveryReceipt(profile, type, body)).toBeNull();
    }
  });
});
