import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV (RFC 4180)', () => {
  it('quotes only what needs it, doubles quotes, writes numbers with a dot and nothing for null', () => {
    expect(csvField('Bà Chẽ')).toBe('Bà Chẽ');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('Cầu "Mới"')).toBe('"Cầu ""Mới"""');
    expect(csvField('dòng 1\r\ndòng 2')).toBe('"dòng 1\r\ndòng 2"');
    expect(csvField(-0.0325)).toBe('-0.0325');
    expect(csvField(1234567.5)).toBe('1234567.5');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(true)).toBe('true');
  });

  it('neutralises text a spreadsheet would run as a formula, and leaves numbers and negative numbers alone', () => {
    expect(csvField('=HYPERLINK("http://x","bấm")')).toBe(`"'=HYPERLINK(""http://x"",""bấm"")"`);
    expect(csvField('+84 912')).toBe("'+84 912");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-cmd|calc')).toBe("'-cmd|calc");
    expect(csvField('\tTrạm')).toBe("'\tTrạm");
    expect(csvField('-0.5')).toBe('-0.5');
    expect(csvField(-3)).toBe('-3');
    expect(csvField('Trạm = mới')).toBe('Trạm = mới');
  });

  it('neutralises a dash followed by a digit unless the whole field is a plain number (#18)', () => {
    expect(csvField("-1+1+cmd|' /C calc'!A0")).toBe("'-1+1+cmd|' /C calc'!A0");
    expect(csvField('-2*3')).toBe("'-2*3");
    expect(csvField('-.5+A1')).toBe("'-.5+A1");
    expect(csvField('-12')).toBe('-12');
    expect(csvField('-.5')).toBe('-.5');
    expect(csvField('-1.5e3')).toBe('-1.5e3');
  });

  it('writes a BOM, a header row and CRLF lines that a CSV reader gives back unchanged', () => {
    const rows = [
      ['F01024', 'Trạm "Cầu" Bà Chẽ, xã Đồn Đạc', 0.6257],
      ['F00001', 'nhiều\ndòng', null],
    ];
    const text = toCsv(['code', 'name', 'value'], rows);
    expect(text.startsWith('\uFEFFcode,name,value\r\n')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parse(text.slice(1), { columns: true })).toEqual([
      { code: 'F01024', name: 'Trạm "Cầu" Bà Chẽ, xã Đồn Đạc', value: '0.6257' },
      { code: 'F00001', name: 'nhiều\ndòng', value: '' },
    ]);
  });
});
