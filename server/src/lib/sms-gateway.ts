import { PermanentSendError, type SendResult } from './channels/channel';
import { escapeXml } from './xml';

export type SmsPurpose = 'PHONE_VERIFICATION' | 'FLOOD_WARNING' | 'RAIN_WARNING';

export interface SmsMessage {
  to: string;
  body: string;
  purpose: SmsPurpose;
  /** Idempotency key (the outbox row): a gateway must not deliver the same id twice. */
  id?: string;
}

/**
 * What the dispatcher does with a message whose attempt was interrupted: the process died while the gateway
 * had it, so whether the provider took it is unknown (#19). 'resend': send it again with the same id, the
 * gateway does not deliver an id twice (or a duplicate is the accepted residual, docs/decisions.md); 'hold':
 * do not send it again, mark it UNCERTAIN for staff (no duplicate, but possibly never delivered).
 * Unset = 'resend'.
 */
export type AfterInterruption = 'resend' | 'hold';

/**
 * Where SMS leave the portal. `send` resolves once the gateway accepted the message (with the provider's id when it
 * gave one, which a delivery receipt names later) and throws otherwise (a `PermanentSendError` is not retried).
 */
export interface SmsGateway {
  readonly name: string;
  readonly afterInterruption?: AfterInterruption;
  send(message: SmsMessage): Promise<SendResult | undefined>;
}

/** How the body template's values are escaped, and the content type sent with it. */
export type SmsBodyFormat = 'json' | 'form' | 'xml';

export interface HttpGatewayOptions {
  url: string;
  method: string;
  /** Body with {{phone}}, {{message}}, {{id}} and {{brandname}} placeholders (values escaped per `format`). */
  bodyTemplate: string;
  /** Default 'json'. */
  format?: SmsBodyFormat;
  /** The sender name registered with the carriers (SMS_HTTP_BRANDNAME), for {{brandname}}. */
  brandname?: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /**
   * The provider de-duplicates by the message id (`Idempotency-Key` header or `{{id}}`), so a message whose
   * attempt was interrupted by a crash is sent again with the same id; false: it is marked UNCERTAIN instead.
   */
  idempotent: boolean;
  /** Where the provider's message id is in its answer: a dotted path into JSON, or an XML element's name. */
  idPath?: string;
  /** A 2xx answer that may still say failure: the field holding the provider's result code, and its success values. */
  okPath?: string;
  okValues?: readonly string[];
}

const ESCAPE: Record<SmsBodyFormat, (s: string) => string> = {
  json: (s) => JSON.stringify(s).slice(1, -1),
  // application/x-www-form-urlencoded as browsers write it (space as '+').
  form: (s) => new URLSearchParams({ v: s }).toString().slice(2),
  xml: escapeXml,
};
const CONTENT_TYPE: Record<SmsBodyFormat, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  xml: 'text/xml; charset=utf-8',
};

/**
 * A Vietnamese SMS provider's HTTP API, configured rather than coded (SMS_HTTP_*): a JSON, form or XML (SOAP-like)
 * body. 2xx = accepted, unless `okPath` says otherwise; 4xx but 408/429 = refused for good; 5xx, 408, 429 and network
 * errors = retried. The message id goes in an `Idempotency-Key` header (the IETF draft's name, which providers that
 * de-duplicate requests read) besides `{{id}}`, the same on every attempt of a message.
 */
export function createHttpSmsGateway(opts: HttpGatewayOptions, fetchImpl: typeof fetch = fetch): SmsGateway {
  const format = opts.format ?? 'json';
  const overridden = new Set(Object.keys(opts.headers).map((h) => h.toLowerCase()));
  return {
    name: 'http',
    afterInterruption: opts.idempotent ? 'resend' : 'hold',
    async send(message) {
      const fill = (t: string, encode: (s: string) => string) =>
        t
          .replaceAll('{{phone}}', encode(message.to))
          .replaceAll('{{message}}', encode(message.body))
          .replaceAll('{{id}}', encode(message.id ?? ''))
          .replaceAll('{{brandname}}', encode(opts.brandname ?? ''));
      const defaults: Record<string, string> = {
        'content-type': CONTENT_TYPE[format],
        ...(message.id ? { 'idempotency-key': message.id } : {}),
      };
      const res = await fetchImpl(fill(opts.url, encodeURIComponent), {
        method: opts.method,
        headers: {
          ...Object.fromEntries(Object.entries(defaults).filter(([h]) => !overridden.has(h))),
          ...opts.headers,
        },
        body: opts.method === 'GET' ? undefined : fill(opts.bodyTemplate, ESCAPE[format]),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      const text = await res.text().catch(() => '');
      const said = `HTTP ${res.status}${text ? `: ${snippet(text)}` : ''}`;
      if (!res.ok) {
        const refused = res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429;
        if (refused) throw new PermanentSendError(said);
        throw new Error(said);
      }
      if (!opts.okPath && !opts.idPath) return undefined;
      const field = fieldReader(res.headers.get('content-type') ?? '', text);
      if (opts.okPath) {
        const code = field?.(opts.okPath);
        if (code === undefined || !opts.okValues?.includes(code)) {
          throw new Error(`Nhà cung cấp báo lỗi / provider reported failure: ${opts.okPath}=${code ?? '∅'} (${said})`);
        }
      }
      const providerId = opts.idPath ? field?.(opts.idPath) : undefined;
      return providerId ? { providerId } : undefined;
    },
  };
}

/** Which fields of a provider's delivery receipt say what (SMS_RECEIPT_*). */
export interface ReceiptProfile {
  idField: string;
  statusField: string;
  deliveredValues: readonly string[];
  reasonField: string;
}

export interface DeliveryReceipt {
  /** Our idempotency key (`sms-history-<n>`) or the provider's id: the caller looks up either. */
  id: string;
  delivered: boolean;
  /** The provider's reason for a failure (its reason field, else its status); null when delivered. */
  reason: string | null;
}

/**
 * A provider's delivery receipt (a JSON, form or flat XML body) read by the configured profile; null when it is
 * not one (unreadable, or without an id or a status), so the callback can answer 400 without guessing.
 */
export function parseDeliveryReceipt(
  profile: ReceiptProfile,
  contentType: string,
  rawBody: string,
): DeliveryReceipt | null {
  const field = fieldReader(contentType, rawBody);
  const id = field?.(profile.idField);
  const status = field?.(profile.statusField);
  if (!id || status === undefined || status === '') return null;
  const delivered = profile.deliveredValues.includes(status);
  return { id, delivered, reason: delivered ? null : field?.(profile.reasonField) || status };
}

const snippet = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 200);

/**
 * Reads named fields of a body: a dotted path into JSON (`data.msgId`), a form field, or the text of the first XML
 * element with the path's last name (any namespace prefix). The kind comes from the content type, else the first
 * character. Null when the body is none of these.
 */
function fieldReader(contentType: string, body: string): ((path: string) => string | undefined) | null {
  const type = contentType.toLowerCase();
  const first = body.trimStart()[0];
  if (type.includes('json') || (!type.includes('xml') && (first === '{' || first === '['))) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return null;
    }
    if (typeof parsed !== 'object' || parsed === null) return null;
    return (path) => scalar(path.split('.').reduce<unknown>((v, key) => (isRecord(v) ? v[key] : undefined), parsed));
  }
  if (type.includes('xml') || first === '<') return (path) => xmlElementText(body, path.split('.').at(-1) ?? path);
  if (type.includes('x-www-form-urlencoded') || body.includes('=')) {
    const params = new URLSearchParams(body.trim());
    return (name) => params.get(name) ?? undefined;
  }
  return null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function scalar(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of the first element `name` (`<name>`, `<ns:name attr="…">`), entities and CDATA undone. */
function xmlElementText(xml: string, name: string): string | undefined {
  const safe = name.replace(/[^\w-]/g, '');
  const m = new RegExp(`<(?:[\\w.-]+:)?${safe}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w.-]+:)?${safe}\\s*>`).exec(xml);
  if (!m?.[1]) return m ? '' : undefined;
  const cdata = /^\s*<!\[CDATA\[([\s\S]*)\]\]>\s*$/.exec(m[1]);
  if (cdata) return cdata[1];
  return m[1]
    .trim()
    .replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) =>
      e[0] === '#'
        ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)))
        : (ENTITIES[e.toLowerCase()] ?? ''),
    );
}
