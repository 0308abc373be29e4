/** A list of phone numbers as staff paste or pick it: the numbers to send and the line each came from. */
export interface PhoneLines {
  /** The non-blank lines, trimmed, in order. */
  phones: string[];
  /** `lines[i]` is the 1-based line of the text `phones[i]` came from. */
  lines: number[];
}

/** The numbers of a pasted list, one per line; blank lines are dropped but the others keep their line numbers. */
export function phoneLines(text: string): PhoneLines {
  const phones: string[] = [];
  const lines: number[] = [];
  text.split(/\r\n|\r|\n/).forEach((line, i) => {
    const value = line.trim();
    if (!value) return;
    phones.push(value);
    lines.push(i + 1);
  });
  return { phones, lines };
}

/**
 * The line of the text a line of the server's answer names: the server counts the numbers it was sent (from 1),
 * the text had blank lines too.
 */
export function textLineOf(list: PhoneLines, sentLine: number): number {
  return list.lines[sentLine - 1] ?? sentLine;
}

/** The first field of a CSV row: quoted ("" inside a quote is one quote) or up to the first comma, semicolon or tab. */
function firstField(row: string): string {
  const text = row.trimStart();
  if (!text.startsWith('"')) return (text.split(/[,;\t]/, 1)[0] ?? '').trim();
  let out = '';
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      if (text[i + 1] !== '"') break;
      i++;
    }
    out += c;
  }
  return out.trim();
}

/**
 * The first column of a CSV or plain-text file (a commune's list saved from Excel as CSV), one value per line:
 * the byte-order mark is dropped, a heading row (no digit in it) is skipped, and a number of nine digits gets back
 * the leading 0 that Excel drops from a number column ('912345678' → '0912345678'). Blank rows are left out.
 */
export function firstColumn(text: string): string[] {
  const values = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map(firstField)
    .filter(Boolean);
  if (values.length && !/\d/.test(values[0] ?? '')) values.shift();
  return values.map((v) => (/^\d{9}$/.test(v) ? `0${v}` : v));
}
