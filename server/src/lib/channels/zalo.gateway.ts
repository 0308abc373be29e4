import { phoneToInternational } from '@flood/domain';
import { type ChannelGateway, PermanentSendError } from './channel';

/** The OA's tokens: an access token (about 25 h) and the single-use refresh token that replaces it. */
export interface ZaloTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

/** Where the tokens live between sends and restarts (the server keeps them in the database). */
export interface ZaloTokenStore {
  load(): Promise<ZaloTokens | null>;
  save(tokens: ZaloTokens): Promise<void>;
}

export interface ZaloZnsOptions {
  apiUrl?: string;
  oauthUrl?: string;
  appId: string;
  secretKey: string;
  /** The one approved ZNS template (params title, area, content, time, link, manage). */
  templateId: string;
  timeoutMs: number;
  tokens: ZaloTokenStore;
  /** ZALO_REFRESH_TOKEN: the first refresh token, used while the store holds none. */
  initialRefreshToken?: string;
  /** The access token is refreshed when less than this is left (default 5 minutes). */
  refreshMarginMs?: number;
}

type ZnsOutcome = 'refresh' | 'gone' | 'permanent' | 'retry';

/**
 * What a ZNS error code means for the message. Sources: Zalo's own table "Cách xử lý mã lỗi"
 * (https://zalo.cloud/zns/guidelines/handle-error-code) for 0 and -100…-112 (code, name and advice read there);
 * the codes after -112 were not readable there in full and are taken from integrations that handle them: -114 in
 * eSMS's ZNS callback sample (its text is Zalo's), -118 and -124 in several open-source ZNS clients (-124 refreshed
 * and retried, -118 'Zalo account not existed'), -115…-117 and -119 by their place in the same table as the Getfly
 * help centre copies it (same names, same order). A code not here is retried with its code and message in the error.
 */
export const ZNS_ERRORS: Readonly<Record<number, { outcome: ZnsOutcome; name: string }>> = {
  '-100': { outcome: 'retry', name: 'Unknown error' }, // Zalo: "vui lòng thử lại sau"
  '-101': { outcome: 'permanent', name: 'Application invalid' },
  '-102': { outcome: 'permanent', name: 'Application not existed' },
  '-103': { outcome: 'permanent', name: 'Application not activated' },
  '-104': { outcome: 'permanent', name: 'App secret key invalid' },
  '-105': { outcome: 'permanent', name: 'Application not link to any OA' },
  '-106': { outcome: 'permanent', name: 'Method unsupported' },
  '-107': { outcome: 'permanent', name: 'Message ID invalid' },
  '-108': { outcome: 'permanent', name: 'Phone number invalid' },
  '-109': { outcome: 'permanent', name: 'Template ID invalid' },
  '-110': { outcome: 'permanent', name: 'Zalo version unsupported' }, // until the subscriber updates Zalo
  '-111': { outcome: 'permanent', name: 'Template data empty' },
  '-112': { outcome: 'permanent', name: 'Template data invalid' },
  // Zalo lumps together a refusal, an inactive account, an old app and "other internal errors": not retried, but the
  // subscription is not ended on so vague a reason (staff see it in the history).
  '-114': { outcome: 'permanent', name: 'User is inactive, or reject the message, or using an outdated Zalo version' },
  '-115': { outcome: 'retry', name: 'Out of quota' }, // the OA's balance: sent once it is topped up
  '-116': { outcome: 'permanent', name: 'Text invalid' },
  '-117': { outcome: 'permanent', name: 'OA or App does not have permission to access this template' },
  '-118': { outcome: 'gone', name: 'Zalo account not existed' },
  '-119': { outcome: 'gone', name: 'Account can not receive' },
  '-124': { outcome: 'refresh', name: 'Access token invalid' },
};

const DEFAULT_API_URL = 'https://business.openapi.zalo.me/message/template';
const DEFAULT_OAUTH_URL = 'https://oauth.zaloapp.com/v4/oa/access_token';

interface ZnsAnswer {
  error?: number;
  message?: string;
  data?: { msg_id?: string };
}

/** Keeps the tokens in memory only: for tests, and for a portal that re-reads ZALO_REFRESH_TOKEN at every start. */
export function createMemoryZaloTokenStore(initial: ZaloTokens | null = null): ZaloTokenStore {
  let tokens = initial;
  return {
    load: async () => tokens,
    save: async (t) => {
      tokens = t;
    },
  };
}

/**
 * Zalo Official Account ZNS: one approved template sent to a phone number, its data the message body (JSON). The
 * access token is refreshed before it expires, and once more when the API calls it invalid (then the send is
 * retried once); Zalo's refresh tokens are single-use, so the new one is saved before it is used, and one refresh
 * runs at a time however many sends wait on it. Outcomes follow `ZNS_ERRORS`.
 */
export function createZaloZnsGateway(opts: ZaloZnsOptions, fetchImpl: typeof fetch = fetch): ChannelGateway {
  const apiUrl = opts.apiUrl ?? DEFAULT_API_URL;
  const oauthUrl = opts.oauthUrl ?? DEFAULT_OAUTH_URL;
  const margin = opts.refreshMarginMs ?? 5 * 60_000;
  let current: ZaloTokens | null = null;
  /** Tokens Zalo gave whose save failed: saved again before anything else (their refresh token is the only one). */
  let unsaved: ZaloTokens | null = null;
  let refreshing: Promise<ZaloTokens> | null = null;

  const use = (t: ZaloTokens) => {
    current = t;
    return t;
  };
  const fresh = (t: ZaloTokens) => t.accessToken !== '' && t.expiresAt.getTime() - Date.now() > margin;

  async function loaded(): Promise<ZaloTokens> {
    if (unsaved) {
      await opts.tokens.save(unsaved);
      unsaved = null;
    }
    if (current) return current;
    const stored = await opts.tokens.load();
    if (stored) return use(stored);
    if (!opts.initialRefreshToken)
      throw new Error('Zalo: chưa có refresh token / no refresh token (ZALO_REFRESH_TOKEN)');
    return use({ accessToken: '', refreshToken: opts.initialRefreshToken, expiresAt: new Date(0) });
  }

  /** One refresh at a time: later callers wait on the one in flight; a refresh token already replaced is not reused. */
  function refresh(from: ZaloTokens): Promise<ZaloTokens> {
    if (refreshing) return refreshing;
    if (current && current.refreshToken !== from.refreshToken) return Promise.resolve(current);
    refreshing = exchange(from).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function exchange(from: ZaloTokens): Promise<ZaloTokens> {
    const res = await fetchImpl(oauthUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', secret_key: opts.secretKey },
      body: new URLSearchParams({ refresh_token: from.refreshToken, app_id: opts.appId, grant_type: 'refresh_token' }),
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
    const answer = (await res.json().catch(() => ({}))) as {
      access_token?: string;
      refresh_token?: string;
      expires_in?: string | number;
      error?: number;
      error_name?: string;
      error_description?: string;
    };
    if (!res.ok || !answer.access_token || !answer.refresh_token) {
      // Another process may have used this refresh token first: what it saved is then the valid pair.
      const stored = await opts.tokens.load();
      if (stored && stored.refreshToken !== from.refreshToken && fresh(stored)) return use(stored);
      const why = answer.error_description ?? answer.error_name ?? `HTTP ${res.status}`;
      throw new Error(`Zalo: không làm mới được access token / token refresh failed (${answer.error ?? ''} ${why})`);
    }
    const tokens = {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      expiresAt: new Date(Date.now() + Number(answer.expires_in ?? 3600) * 1000),
    };
    current = tokens;
    try {
      await opts.tokens.save(tokens);
    } catch (e) {
      unsaved = tokens;
      throw e;
    }
    return tokens;
  }

  async function validToken(): Promise<ZaloTokens> {
    const t = await loaded();
    return fresh(t) ? t : refresh(t);
  }

  /** The API called `rejected` invalid: a newer token (this process's or another's) if there is one, else a refresh. */
  async function tokenAfterRejection(rejected: string): Promise<ZaloTokens> {
    if (refreshing) return refreshing;
    if (current && current.accessToken !== rejected) return current;
    const stored = await opts.tokens.load();
    if (stored && stored.accessToken !== rejected && fresh(stored)) return use(stored);
    return refresh(current ?? stored ?? (await loaded()));
  }

  async function post(accessToken: string, body: string): Promise<ZnsAnswer> {
    const res = await fetchImpl(apiUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', access_token: accessToken },
      body,
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
    if (!res.ok) throw new Error(`Zalo ZNS: HTTP ${res.status}`);
    return (await res.json()) as ZnsAnswer;
  }

  return {
    name: 'zalo',
    // ZNS keeps no idempotency key (tracking_id is only echoed back): a resend after a crash may arrive twice, the
    // residual accepted for every channel but SMS without de-duplication (docs/decisions.md, #19).
    afterInterruption: 'resend',
    async send(message) {
      let templateData: unknown;
      try {
        templateData = JSON.parse(message.body);
      } catch {
        throw new PermanentSendError('Zalo ZNS: dữ liệu mẫu không phải JSON / template data is not JSON');
      }
      const body = JSON.stringify({
        phone: phoneToInternational(message.to),
        template_id: opts.templateId,
        template_data: templateData,
        tracking_id: message.id,
      });
      const token = await validToken();
      let answer = await post(token.accessToken, body);
      if (ZNS_ERRORS[answer.error ?? 0]?.outcome === 'refresh') {
        answer = await post((await tokenAfterRejection(token.accessToken)).accessToken, body);
      }
      return outcomeOf(answer);
    },
  };
}

function outcomeOf(answer: ZnsAnswer): { providerId: string } {
  const code = answer.error;
  if (code === 0 && answer.data?.msg_id) return { providerId: String(answer.data.msg_id) };
  const known = code === undefined ? undefined : ZNS_ERRORS[code];
  const said = `Zalo ZNS ${code ?? '?'}: ${answer.message ?? known?.name ?? 'không rõ / unknown'}`;
  if (known?.outcome === 'gone') throw new PermanentSendError(said, true);
  if (known?.outcome === 'permanent') throw new PermanentSendError(said);
  throw new Error(said);
}
