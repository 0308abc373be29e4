import { z } from 'zod';

/**
 * Vietnamese field messages for every schema of the portal, so that server errors and web forms say the
 * same thing. Installed once when the domain package is imported.
 */
export function vietnameseIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'Trường bắt buộc' : 'Sai kiểu dữ liệu';
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? 'Trường bắt buộc' : `Tối thiểu ${issue.minimum} ký tự`;
      if (issue.origin === 'array') return `Cần ít nhất ${issue.minimum} mục`;
      return `Giá trị phải từ ${issue.minimum} trở lên`;
    case 'too_big':
      if (issue.origin === 'string') return `Tối đa ${issue.maximum} ký tự`;
      if (issue.origin === 'array') return `Tối đa ${issue.maximum} mục`;
      return `Giá trị không được vượt quá ${issue.maximum}`;
    case 'invalid_format':
      return issue.format === 'email' ? 'Email không hợp lệ' : 'Sai định dạng';
    case 'invalid_value':
      return 'Giá trị không hợp lệ';
    case 'unrecognized_keys':
      return `Trường không được phép: ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
}

/**
 * In a browser, jitless: zod probes `new Function('')` when it builds its first object schema, and the portal's
 * CSP (script-src 'self', no 'unsafe-eval') reports that probe as a `securitypolicyviolation` on every page even
 * though zod catches it. The CSP forbids eval there anyway, so nothing is lost; the server keeps zod's JIT. Set
 * here, before any schema of the portal is built (every schema module imports this one first).
 */
const ZOD_JITLESS = 'document' in globalThis;
z.config({ customError: vietnameseIssueMessage, jitless: ZOD_JITLESS });
