import fc from 'fast-check';

const HEX32 = '0123456789abcdef0123456789abcdef';

/** Strings that PostgreSQL text columns and UTF-8 encoders refuse. */
export const EDGE_STRINGS = ['a\u0000b', '\ud800x', '\u0000'];
/** Numbers past a PostgreSQL integer column or a double's range of meaning. */
export const EDGE_NUMBERS = [2 ** 31, -(2 ** 31) - 1, 1e308];

/** Query-string values (always text): non-numbers, huge numbers, NaN, null bytes, overlong and odd unicode. */
export const junkQueryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    'abc',
    'NaN',
    'Infinity',
    '-1',
    '0',
    '1.5',
    '1e309',
    '-1e309',
    '99999999999999999999999',
    '9007199254740993',
    '2147483648',
    '0x10',
    ' 1',
    '[object Object]',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '💥',
    'x'.repeat(5000),
    '../../etc/passwd',
    '2026-13-45',
    '2026-02-30T25:61:00Z',
    '31/02/2026',
    '13/2026',
    '0,0,0',
    'a,b,c,d',
    '1,2,3,4,5',
    '-200,-100,200,100',
    'true',
    'null',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer().map(String),
);

/** Path parameter texts, URL-encoded already: non-numeric, negative, huge, traversal, malformed escapes. */
export const PATH_PARAM_CASES = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  'NaN',
  'Infinity',
  '99999999999999999999999999',
  '9007199254740993',
  '2147483648',
  '999999',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '..',
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%E0%A4%A',
  '%F0%9F%92%A5',
  '%20',
  'x'.repeat(150),
  'x'.repeat(300),
  `${HEX32}.geojson%00.png`,
  'null',
  '[object%20Object]',
];

/** Bodies a JSON route must refuse as such (with their content type): broken JSON, odd top-level values. */
export const RAW_BODIES: { body: string; type?: string }[] = [
  { body: '{', type: 'application/json' },
  { body: '{"a":', type: 'application/json' },
  { body: '[1,2', type: 'application/json' },
  { body: '{"a":1,}', type: 'application/json' },
  { body: "{'a':1}", type: 'application/json' },
  { body: '\u0000', type: 'application/json' },
  { body: '', type: 'application/json' },
  { body: 'null', type: 'application/json' },
  { body: '"text"', type: 'application/json' },
  { body: '123', type: 'application/json' },
  { body: 'true', type: 'application/json' },
  { body: '[]', type: 'application/json' },
  { body: '{"__proto__":{"polluted":true}}', type: 'application/json' },
  { body: '{"constructor":{"prototype":{"polluted":true}}}', type: 'application/json' },
  { body: `${'['.repeat(10_000)}${']'.repeat(10_000)}`, type: 'application/json' },
  { body: JSON.stringify({ a: 'x'.repeat(2_000_000) }), type: 'application/json' },
  { body: '{"a":1}', type: 'application/json; charset=latin1' },
  { body: '{"a":1}', type: 'text/plain' },
  { body: '<a>1</a>', type: 'application/xml' },
  { body: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { body: '--x\r\n', type: 'multipart/form-data' },
  { body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc', type: 'multipart/form-data; boundary=x' },
  { body: 'garbage', type: 'multipart/form-data; boundary=----none' },
  {
    body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1',
    type: 'multipart/form-data; boundary=x',
  },
  { body: '--x\r\nBroken header\r\n\r\nabc\r\n--x--\r\n', type: 'multipart/form-data; boundary=x' },
  { body: '--x--\r\n', type: 'multipart/form-data; boundary=x' },
  {
    body: `${'--x\r\nContent-Disposition: form-data; name="f"\r\n\r\nv\r\n'.repeat(200)}--x--\r\n`,
    type: 'multipart/form-data; boundary=x',
  },
  { body: '--x\r\n', type: 'multipart/form-data; boundary=' },
  { body: '--x\r\n', type: 'multipart/mixed; boundary=x' },
  { body: '{"a":1}', type: 'application/json-patch+json' },
  { body: '{"a":1}' },
];
