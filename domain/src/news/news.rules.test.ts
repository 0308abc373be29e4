import { describe, expect, it } from 'vitest';
import { attachmentKind, attachmentLabel } from './news.rules';

describe('attachmentLabel', () => {
  it('strips the observed storage prefix (a timestamp or a 32-hex id and an underscore)', () => {
    expect(attachmentLabel('1699999999999_bao-cao.pdf')).toBe('bao-cao.pdf');
    expect(attachmentLabel('1699999999_ke-hoach.docx')).toBe('ke-hoach.docx');
    expect(attachmentLabel('0123456789abcdef0123456789ABCDEF_anh.jpg')).toBe('anh.jpg');
    expect(attachmentLabel('/uploads/news/1699999999999_Công văn 12.pdf')).toBe('Công văn 12.pdf');
  });

  it('keeps underscores that belong to the name itself', () => {
    expect(attachmentLabel('1699999999999_bao_cao_mua_lu.pdf')).toBe('bao_cao_mua_lu.pdf');
    expect(attachmentLabel('bao-cao_mua-lu.pdf')).toBe('bao-cao_mua-lu.pdf');
    expect(attachmentLabel('cafe_menu.pdf')).toBe('cafe_menu.pdf');
    expect(attachmentLabel('2024_ke-hoach.pdf')).toBe('2024_ke-hoach.pdf');
  });

  it('keeps a name without a storage prefix, or with nothing after it, as it is', () => {
    expect(attachmentLabel('Quyết định.pdf')).toBe('Quyết định.pdf');
    expect(attachmentLabel('0123456789abcdef0123456789abcdef')).toBe('0123456789abcdef0123456789abcdef');
    expect(attachmentLabel('1699999999999_')).toBe('1699999999999_');
    expect(attachmentLabel('/api/files/0123456789abcdef0123456789abcdef')).toBe('0123456789abcdef0123456789abcdef');
  });
});

describe('attachmentKind', () => {
  it('tells pdf, doc and other files apart by the extension, in any case', () => {
    expect(attachmentKind('bao-cao.pdf')).toBe('pdf');
    expect(attachmentKind('BAO-CAO.PDF')).toBe('pdf');
    expect(attachmentKind('ke-hoach.doc')).toBe('doc');
    expect(attachmentKind('ke-hoach.Docx')).toBe('doc');
    expect(attachmentKind('anh.jpg')).toBe('other');
    expect(attachmentKind('bang.xlsx')).toBe('other');
    expect(attachmentKind('0123456789abcdef0123456789abcdef')).toBe('other');
    expect(attachmentKind('pdf')).toBe('other');
  });
});
