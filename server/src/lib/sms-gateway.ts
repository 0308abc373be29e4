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

/** Where SMS leave the portal. `send` resolves once the gateway accepted the message and throws otherwise. */
export interface SmsGateway {
  readonly name: string;
  readonly afterInterruption?: AfterInterruption;
  send(message: SmsMessage): Promise<void>;
}

export interface HttpGatewayOptions {
  url: string;
  method: string;
  /** Body with {{phone}}, {{message}} and {{id}} placeholders (values JSON-escaped). */
  bodyTemplate: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /**
   * The provider de-duplicates by the message id (`Idempotency-Key` header or `{{id}}`), so a message whose
   * attempt was interrupted by a crash is sent again with the same id; false: it is marked UNCERTAIN instead.
   */
  idempotent: boolean;
}

const jsonEscape = (s: string) => JSON.stringify(s).slice(1, -1);

/**
 * A Vietnamese SMS provider's HTTP API, configured rather than coded (SMS_HTTP_*). 2xx = accepted. The
 * message id goes in an `Idempotency-Key` header (the IETF draft's name, which providers that de-duplicate
 * requests read) besides `{{id}}`, the same on every attempt of a message.
 */
export function createHttpSmsGateway(opts: HttpGatewayOptions, fetchImpl: typeof fetch = fetch): SmsGateway {
  return {
    name: 'http',
    afterInterruption: opts.idempotent ? 'resend' : 'hold',
    async send(message) {
      const fill = (t: string, encode: (s: string) => string) =>
        t
          .replaceAll('{{phone}}', encode(message.to))
          .replaceAll('{{message}}', encode(message.body))
          .replaceAll('{{id}}', encode(message.id ?? ''));
      const url = fill(opts.url, encodeURIComponent);
      const res = await fetchImpl(url, {
        method: opts.method,
        headers: {
          'content-type': 'application/json',
          ...(message.id ? { 'idempotency-key': message.id } : {}),
          ...opts.headers,
        },
        body: opts.method === 'GET' ? undefined : fill(opts.bodyTemplate, jsonEscape),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
    },
  };
}
