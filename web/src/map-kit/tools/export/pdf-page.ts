import { A4_LANDSCAPE_MM, fitOnPage, type Size } from './sheet-layout';

/** PDF points per millimetre (1 pt = 1/72 inch). */
const PT_PER_MM = 72 / 25.4;

/** A PDF text string in UTF-16BE hex, so Vietnamese titles survive ('Cảnh báo lũ'). */
function pdfText(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();

/**
 * One A4 landscape PDF page showing a JPEG image fitted inside 10 mm margins, with the document's title
 * in its properties. The JPEG goes in as it is (DCTDecode): no PDF library, nothing to load.
 */
export function jpegOnA4Landscape(jpeg: Uint8Array, image: Size, title: string): Uint8Array {
  const page = { width: A4_LANDSCAPE_MM.width * PT_PER_MM, height: A4_LANDSCAPE_MM.height * PT_PER_MM };
  const box = fitOnPage(image, page, 10 * PT_PER_MM);
  // PDF's origin is the bottom left corner.
  const draw = `q ${num(box.width)} 0 0 ${num(box.height)} ${num(box.x)} ${num(page.height - box.y - box.height)} cm /Im0 Do Q`;
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (chunk: string | Uint8Array) => {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (body: string, stream?: Uint8Array) => {
    offsets.push(length);
    add(`${offsets.length} 0 obj\n${body}\n`);
    if (stream) {
      add('stream\n');
      add(stream);
      add('\nendstream\n');
    }
    add('endobj\n');
  };
  // The second line's bytes above 127 mark the file as binary.
  add('%PDF-1.4\n%');
  add(new Uint8Array([0xe2, 0xe3, 0xcf, 0xd3, 0x0a]));
  object('<< /Type /Catalog /Pages 2 0 R >>');
  object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] ` +
      '/Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>',
  );
  object(
    `<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /DeviceRGB ` +
      `/BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>`,
    jpeg,
  );
  const content = encoder.encode(draw);
  object(`<< /Length ${content.length} >>`, content);
  object(`<< /Title ${pdfText(title)} /Producer ${pdfText('Cảnh báo lũ, mưa')} >>`);
  const xref = length;
  add(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
  for (const o of offsets) add(`${String(o).padStart(10, '0')} 00000 n \n`);
  add(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
