import { describe, expect, it } from 'vitest';
import { jpegOnA4Landscape } from './pdf-page';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');

describe('jpegOnA4Landscape', () => {
  const pdf = jpegOnA4Landscape(JPEG, { width: 2000, height: 1000 }, 'Cảnh báo lũ');
  const text = latin1(pdf);

  it('is one A4 landscape page holding the JPEG as it is', () => {
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.match(/\/Type \/Page\b(?!s)/g)).toHaveLength(1);
    expect(text).toContain('/MediaBox [0 0 841.89 595.28]');
    expect(text).toContain('/Width 2000 /Height 1000');
    expect(text).toContain(`/Filter /DCTDecode /Length ${JPEG.length} >>\nstream\n${latin1(JPEG)}\nendstream`);
    expect(text.endsWith('%%EOF\n')).toBe(true);
  });

  it('fits the image inside 10 mm margins, centred (PDF origin at the bottom left)', () => {
    const [, w, h, x, y] = /q ([\d.]+) 0 0 ([\d.]+) ([\d.]+) ([\d.]+) cm \/Im0 Do Q/.exec(text)!.map(Number);
    const margin = (10 * 72) / 25.4;
    expect(w).toBeCloseTo(841.89 - 2 * margin, 1);
    expect(h).toBeCloseTo(w! / 2, 1);
    expect(x).toBeCloseTo(margin, 1);
    expect(y! + h! / 2).toBeCloseTo(595.28 / 2, 1);
  });

  it('has a cross-reference table pointing at each object, and the title in UTF-16', () => {
    const startxref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(6);
    offsets.forEach((o, i) => {
      expect(text.slice(o, o + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    // 'Cảnh' = 0043 1EA3 006E 0068
    expect(text).toContain('/Title <FEFF00431EA3006E0068');
  });
});
