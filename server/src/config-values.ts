import { z } from 'zod';

/** A yes/no variable: true, false, 1, 0, yes, no. */
export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A whole number of at least `min`, `def` when unset. */
export const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);

/** A comma list ('a, b,c' → ['a', 'b', 'c']; empty entries dropped). */
export const list = (def: string) =>
  z
    .string()
    .default(def)
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    );

/** A field of a provider's JSON (a dotted path, `data.msgId`), form or XML body. */
export const fieldPath = z.string().regex(/^[\w-]+(\.[\w-]+)*$/, 'tên trường hoặc đường dẫn a.b.c');
