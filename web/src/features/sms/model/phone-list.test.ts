import { describe, expect, it } from 'vitest';
import { firstColumn, phoneLines, textLineOf } from './phone-list';

describe('a pasted list of phone numbers', () => {
  it('keeps the non-blank lines, trimmed, with the line each came from', () => {
    const list = phoneLines('0912345678\r\n\n  0987 654 321  \r   \n12345\n');
    expect(list).toEqual({ phones: ['0912345678', '0987 654 321', '12345'], lines: [1, 3, 5] });
    // The server names the third number it was sent: the text's fifth line.
    expect(textLineOf(list, 3)).toBe(5);
    expect(textLineOf(list, 9)).toBe(9);
    expect(phoneLines('  \n\n')).toEqual({ phones: [], lines: [] });
  });
});

describe('the first column of a CSV file', () => {
  it('skips the byte-order mark, a heading row and blank rows; reads quoted fields and any separator', () => {
    const csv =
      '\uFEFF"Số điện thoại","Họ tên"\r\n"0912 345 678","Nguyễn, Văn A"\r\n0987654321;Trần Thị B\r\n\t\n0356789012\tLê C\n';
    expect(firstColumn(csv)).toEqual(['0912 345 678', '0987654321', '0356789012']);
  });

  it('gives back the leading 0 Excel drops from a number column, and keeps a first row with digits', () => {
    expect(firstColumn('912345678\n84912345678\n+84987654321\n')).toEqual([
      '0912345678',
      '84912345678',
      '+84987654321',
    ]);
  });

  it('reads a quote inside a quoted field and leaves nothing of an empty file', () => {
    expect(firstColumn('so\n"09""12",x\n')).toEqual(['09"12']);
    expect(firstColumn('')).toEqual([]);
    expect(firstColumn('Số điện thoại\n')).toEqual([]);
  });
});
