import { ERROR_MESSAGES, type ErrorBody, type ErrorCode, type FieldError } from '@flood/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  HUMAN_CHECK_FAILED: 400,
  WRONG_PASSWORD: 400,
  INVALID_CODE: 400,
  PHONE_MISSING: 400,
  UNAUTHENTICATED: 401,
  LOGIN_FAILED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  TOO_LARGE: 413,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** An expected failure: its code, status and Vietnamese message reach the client as they are. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly fields?: FieldError[],
  ) {
    super(message ?? ERROR_MESSAGES[code]);
    this.status = STATUS[code];
  }
}

/** Names the bad fields in the message too, for clients that only show `message`. */
function validationBody(fields: FieldError[]): Pick<ErrorBody, 'code' | 'message' | 'fields'> {
  const names = [...new Set(fields.map((f) => f.field))].join(', ');
  return {
    code: 'VALIDATION_FAILED',
    message: `${ERROR_MESSAGES.VALIDATION_FAILED}: ${names}`,
    fields,
  };
}

/** Field path of a zod issue, with the request part (body/querystring/params) dropped. */
function fieldPath(path: readonly PropertyKey[] | undefined, instancePath?: string): string {
  if (path && path.length > 0) return path.map(String).join('.');
  return (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '(body)';
}

/**
 * What the multipart parser (busboy) throws for a body that is not the multipart it claims to be: no boundary,
 * or cut off before its end (an interrupted upload). Plain errors without a status, so they are named here.
 */
const BROKEN_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/;

/** What a client is told when a file cannot be stored for lack of space. */
export const DISK_FULL_MESSAGE = 'Máy chủ tạm thời hết chỗ lưu trữ, vui lòng thử lại sau';

/** Seconds a client is asked to wait before retrying while the database cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * Network errors of the database connection, and PostgreSQL errors that are not the request's fault and may pass
 * when the call is retried (SQLSTATE, https://www.postgresql.org/docs/current/errcodes-appendix.html).
 */
const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57000', // operator_intervention
  '40001', // serialization_failure: PostgreSQL asks for the transaction to be retried
  '40P01', // deadlock_detected: likewise
]);
/**
 * Whole SQLSTATE classes: 08 connection exception; 53 insufficient resources (53100 disk_full, 53200 out_of_memory,
 * 53300 too_many_connections, 53400 configuration_limit_exceeded); 57P operator intervention (57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now, 57P04 database_dropped, 57P05 idle_session_timeout); 58 system
 * error (58000, 58030 io_error, 58P01/58P02 a file of the cluster missing or in the way). Not XX (internal_error,
 * data_corrupted, index_corrupted): a "cannot happen" check or a damaged page fails again on every retry, so it
 * stays a 500 logged as an error for the operator instead of a 503 that asks clients to come back. Not 57014
 * (query_canceled): a statement timeout of a heavy query is the query's own.
 */
const DATABASE_DOWN_CLASS = /^(08|53|57P|58)/;
/**
 * Socket errors that only say the database is not there when connecting: the embedded server's Unix socket is
 * missing (ENOENT: stopped or restarting) or not open to this user (EACCES). Elsewhere (files) they are not 503s.
 */
const CONNECT_ONLY_CODES = new Set(['ENOENT', 'EACCES']);
const DATABASE_DOWN_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|database ping timed out/;

/**
 * Whether an error (or one of its causes: the query builder wraps the driver's error) is a database failure that
 * is not the request's fault: the database cannot be reached, is restarting, is out of disk, memory or
 * connections, or cannot read or write its files. The call may succeed when retried, so it is a 503 with
 * Retry-After; a wrong query (42…), a constraint (23…) or data the database refuses (22…) is not.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e instanceof Error; depth++) {
    const { code, syscall } = e as { code?: unknown; syscall?: unknown };
    if (typeof code === 'string') {
      if (DATABASE_DOWN_CODES.has(code) || DATABASE_DOWN_CLASS.test(code)) return true;
      if (syscall === 'connect' && CONNECT_ONLY_CODES.has(code)) return true;
    }
    if (DATABASE_DOWN_MESSAGE.test(e.message)) return true;
    e = e.cause;
  }
  return false;
}

/** Whether an error (or one of its causes) is a file system out of space or over quota (an upload on a full disk). */
export function isDiskFull(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e instanceof Error; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
    e = e.cause;
  }
  return false;
}

/** One error handler for the whole API: `{ code, message, fields?, requestId }`, internals hidden. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const requestId = request.id;
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ code: error.code, message: error.message, fields: error.fields, requestId });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => ({
        field: fieldPath((v.params as { issue?: { path?: PropertyKey[] } }).issue?.path, v.instancePath),
        message: v.message ?? 'Giá trị không hợp lệ',
      }));
      return reply.status(400).send({ ...validationBody(fields), requestId });
    }
    if (!error.statusCode && BROKEN_MULTIPART.test(error.message)) {
      const message = 'Dữ liệu tải lên (multipart/form-data) bị hỏng hoặc bị cắt ngang: hãy gửi lại tệp';
      return reply.status(400).send({ code: 'VALIDATION_FAILED', message, requestId });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ code: 'RATE_LIMITED', message: ERROR_MESSAGES.RATE_LIMITED, requestId });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large…: say so without internals.
      const message =
        status === 413
          ? 'Dữ liệu gửi lên quá lớn'
          : status === 415
            ? 'Kiểu dữ liệu gửi lên không được hỗ trợ'
            : `${ERROR_MESSAGES.VALIDATION_FAILED}: ${error.message}`;
      const code: ErrorCode = status === 404 ? 'NOT_FOUND' : status === 401 ? 'UNAUTHENTICATED' : 'VALIDATION_FAILED';
      return reply.status(status).send({ code, message, requestId });
    }
    if (isDatabaseUnavailable(error)) {
      // A retrying client (a gauge, the web) tries again; /api/health reports the outage.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ code: 'UNAVAILABLE', message: ERROR_MESSAGES.UNAVAILABLE, requestId });
    }
    if (isDiskFull(error)) {
      // Not the request's fault either, and over once the operator frees space (docs/operations.md, "Disk full").
      request.log.error({ err: error }, 'disk full');
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ code: 'UNAVAILABLE', message: DISK_FULL_MESSAGE, requestId });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL, requestId });
  });
}
