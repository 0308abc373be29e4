/** Text and attribute values made safe for XML (the five predefined entities; control characters dropped). */
export function escapeXml(value: string | number): string {
  return (
    String(value)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

export type XmlNode = string | null | undefined | false | XmlNode[];

/**
 * One element whose children are XML already (from `el` or `text`); empty values vanish,
 * so an optional field is simply `cond && el(…)`.
 */
export function el(name: string, attrs: Record<string, string> | null, ...children: XmlNode[]): string {
  const a = attrs
    ? Object.entries(attrs)
        .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
        .join('')
    : '';
  const body = children.flat(Number.POSITIVE_INFINITY as 1).filter((c): c is string => typeof c === 'string');
  return body.length ? `<${name}${a}>${body.join('')}</${name}>` : `<${name}${a}/>`;
}

/** A text element: `text('event', 'Lũ')` → `<event>Lũ</event>`. */
export function text(name: string, value: string | number): string {
  return `<${name}>${escapeXml(value)}</${name}>`;
}
