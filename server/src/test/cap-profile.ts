import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AREA_DESC_MAX,
  CAP_EVENT_CODE_NAME,
  CAP_EVENT_CODES,
  ringProblems,
  ringsTouch,
  touchingGroups,
} from '@flood/domain';
import { validateXML } from 'xmllint-wasm';

/**
 * The checks of a rendered CAP 1.2 message that every test of the portal's CAP output uses (automatic alerts and
 * officers' warnings, #23): the OASIS schema, and the profile aggregators such as Google Public Alerts want
 * (docs/cap-profile.md).
 */

const XSD = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'features', 'alerts', 'schema', 'CAP-v1.2.xsd'),
  'utf8',
);

/** libxml2's verdict on a document against the CAP 1.2 schema (errors as text, empty when valid). */
export async function capSchemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: [{ fileName: 'alert.xml', contents: xml }], schema: [XSD] });
  return result.valid ? [] : result.errors.map((e) => e.message);
}

/** The contents of every `<tag>` element (not nested in itself), in order. */
const all = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!);

const xmlText = (t: string) =>
  t
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');

const decimals = (n: string) => n.split('.')[1]?.length ?? 0;

/** A CAP polygon's problems: 'lat,lon' pairs, at least 4, closed, ≤ 6 decimals, no edge crossing another. */
function polygonProblems(polygon: string): string[] {
  const pairs = polygon.trim().split(/\s+/);
  const out: string[] = [];
  const points: [number, number][] = [];
  for (const pair of pairs) {
    const m = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(pair);
    if (!m) {
      out.push(`not a 'lat,lon' pair: '${pair}'`);
      continue;
    }
    if (decimals(m[1]!) > 6 || decimals(m[2]!) > 6) out.push(`more than 6 decimals: '${pair}'`);
    points.push([Number(m[2]), Number(m[1])]);
  }
  // The ring's own checks (the decimals were checked on the text, where a float's tail cannot hide them).
  for (const p of ringProblems(points, 99)) out.push(`polygon ${p}`);
  return out;
}

/** The ring of [lon, lat] of a CAP polygon text (for the contiguity check). */
const ringOf = (polygon: string): [number, number][] =>
  polygon
    .trim()
    .split(/\s+/)
    .map((p) => p.split(',').map(Number))
    .map(([lat, lon]) => [lon!, lat!]);

/**
 * What a rendered CAP message lacks of the portal's profile (docs/cap-profile.md), as sentences (empty when it
 * meets it): every `<info>` has an `<expires>` later than `<sent>`, one `<area>` whose `areaDesc` has at most 49
 * characters and whose polygons are valid (closed, ≥ 4 points, ≤ 6 decimals, no crossing) and contiguous (one
 * alert per contiguous area), an `eventCode` of valueName CAP_EVENT_CODE_NAME with a documented value; an Update
 * or Cancel references earlier messages ('sender,identifier,sent' triples); status Actual or Test; an identifier
 * without spaces, commas or '<' '&'.
 */
export function capProfileProblems(xml: string): string[] {
  const out: string[] = [];
  const sent = all(xml, 'sent')[0];
  const sentMs = sent ? Date.parse(sent) : Number.NaN;
  if (!sent || Number.isNaN(sentMs)) out.push('no valid <sent>');
  const identifier = all(xml, 'identifier')[0] ?? '';
  if (!identifier || /[\s,<&]/.test(xmlText(identifier))) out.push(`bad identifier '${identifier}'`);
  const status = all(xml, 'status')[0];
  if (status !== 'Actual' && status !== 'Test') out.push(`status '${status}' is neither Actual nor Test`);
  const msgType = all(xml, 'msgType')[0];
  const references = all(xml, 'references')[0];
  if (msgType === 'Update' || msgType === 'Cancel') {
    if (!references) out.push(`${msgType} without <references>`);
    else
      for (const r of references.trim().split(/\s+/))
        if (r.split(',').length !== 3 || r.split(',').some((x) => x === ''))
          out.push(`reference '${r}' is not 'sender,identifier,sent'`);
  }
  const infos = all(xml, 'info');
  if (infos.length === 0) out.push('no <info>');
  infos.forEach((info, i) => {
    const where = `info ${i + 1} (${all(info, 'language')[0] ?? '?'})`;
    const expires = all(info, 'expires');
    if (expires.length !== 1) out.push(`${where}: ${expires.length} <expires>, not 1`);
    else if (!(Date.parse(expires[0]!) > sentMs)) out.push(`${where}: <expires> ${expires[0]} not after <sent>`);
    const codes = all(info, 'eventCode');
    if (codes.length === 0) out.push(`${where}: no <eventCode>`);
    for (const code of codes) {
      const name = all(code, 'valueName')[0];
      const value = all(code, 'value')[0] ?? '';
      if (name !== CAP_EVENT_CODE_NAME) out.push(`${where}: eventCode valueName '${name}', not ${CAP_EVENT_CODE_NAME}`);
      else if (!CAP_EVENT_CODES.includes(value)) out.push(`${where}: eventCode '${value}' is not in the list`);
    }
    const areas = all(info, 'area');
    if (areas.length !== 1) out.push(`${where}: ${areas.length} <area>, not 1`);
    for (const area of areas) {
      const desc = xmlText(all(area, 'areaDesc')[0] ?? '');
      if (!desc) out.push(`${where}: empty areaDesc`);
      if ([...desc].length > AREA_DESC_MAX)
        out.push(`${where}: areaDesc has ${[...desc].length} characters (at most ${AREA_DESC_MAX}): '${desc}'`);
      const polygons = all(area, 'polygon');
      const circles = all(area, 'circle');
      if (polygons.length + circles.length + all(area, 'geocode').length === 0) out.push(`${where}: area has no shape`);
      for (const p of polygons) for (const problem of polygonProblems(p)) out.push(`${where}: ${problem}`);
      for (const c of circles)
        if (!/^-?\d+(\.\d{1,6})?,-?\d+(\.\d{1,6})? \d+(\.\d+)?$/.test(c.trim()))
          out.push(`${where}: bad circle '${c}'`);
      if (polygons.length > 1 && touchingGroups(polygons.map(ringOf), ringsTouch).length > 1)
        out.push(`${where}: the polygons of one area are not contiguous (one <alert> per contiguous area)`);
    }
  });
  return out;
}
