import { ERROR_MESSAGES, type FieldError } from '@flood/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

const NUL_MESSAGE = 'Không được chứa ký tự NUL (\\u0000)';

/** The path of the first string (value or key) holding a NUL character, or null; walks without recursion. */
export function findNul(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path || '(body)';
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const p = path ? `${path}.${k}` : k;
        if (k.includes('\u0000')) return p;
        stack.push([child, p]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text and jsonb cannot hold NUL, so such a string would fail in the database as a 500 (issue
 * #11 fuzzing found it on every text field). Refused up front as a 400 naming the field; registered after
 * the access hook so that an anonymous caller still learns nothing but 401.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/') || !request.routeOptions.config?.access) return;
    for (const part of [request.params, request.query, request.body]) {
      const field = findNul(part);
      if (field !== null) {
        const fields: FieldError[] = [{ field, message: NUL_MESSAGE }];
        throw new AppError('VALIDATION_FAILED', `${ERROR_MESSAGES.VALIDATION_FAILED}: ${field}`, fields);
      }
    }
  });
}
