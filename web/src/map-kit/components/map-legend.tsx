import { DownOutlined, UpOutlined } from '@ant-design/icons';
import type { Language } from '@flood/domain';
import {
  RAIN_COLOUR_BANDS,
  RAIN_LEGEND,
  RAIN_MARKER_COLOURS,
  THUNDER_LEGEND,
  WATER_COLOUR_BANDS,
  WATER_LEGEND,
  WATER_STATUS_LABELS,
} from '@flood/domain';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MARK_COLOURS } from '../../components/reading-colours';
import { chosenItem, type LayerState, TIMED_SCALE } from '../model/layer-state';
import { formatMapNumber } from '../model/map-texts';

/** Thunderstorm bands 0 to 4+ (spec §9), from pale yellow to deep purple. */
const THUNDER_COLOURS = [
  '#ffffcc',
  '#ffeda0',
  '#fed976',
  '#feb24c',
  '#fd8d3c',
  '#fc4e2a',
  '#e31a1c',
  '#bd0026',
  '#800026',
];

/** The marks of a latest value (#22) as the pills draw them: a dashed outline in the mark's ink. */
const MARK_LEGEND = [
  { mark: 'unconfirmed', label: 'readingMark.legendUnconfirmed' },
  { mark: 'suspect', label: 'readingMark.legendSuspect' },
] as const;

function Swatch({ colour, dashed = false }: { colour: string; dashed?: boolean }) {
  return (
    <span className={dashed ? 'legend-swatch legend-swatch-dashed' : 'legend-swatch'} style={{ background: colour }} />
  );
}

/** The colour scale of the drawn GeoJSON: 'above x' rows, highest first. */
function BandRows({ scale, lang }: { scale: 'rain' | 'water'; lang: Language }) {
  const bands = scale === 'water' ? WATER_COLOUR_BANDS : RAIN_COLOUR_BANDS;
  return (
    <ul className="legend-rows legend-rows-compact">
      {bands.map((b) => (
        <li key={b.above}>
          <Swatch colour={b.colour} />
          {`> ${formatMapNumber(b.above, scale === 'water' && !Number.isInteger(b.above) ? 1 : 0, lang)}`}
        </li>
      ))}
    </ul>
  );
}

/** The legend (spec §9): rain bands, water levels, thunder bands, and the scale of the drawn layer. Collapsible. */
export function MapLegend({ state, defaultOpen }: { state: LayerState; defaultOpen: boolean }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const [open, setOpen] = useState(defaultOpen);
  const chosen = chosenItem(state);
  return (
    <section className="map-legend" aria-label={t('map.legend')} data-testid="map-legend">
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-controls="map-legend-body"
        className="map-legend-toggle"
        data-testid="map-legend-toggle"
      >
        {t('map.legend')}
        {open ? <DownOutlined aria-hidden /> : <UpOutlined aria-hidden />}
      </button>
      {open && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: on a short screen the legend scrolls; a keyboard user must scroll it too (WCAG 2.1.1, axe scrollable-region-focusable)
        <section id="map-legend-body" className="map-legend-body" aria-label={t('map.legend')} tabIndex={0}>
          {chosen && (
            <>
              <h3>{t(TIMED_SCALE[chosen.layer] === 'water' ? 'map.legendDepth' : 'map.legendRainLayer')}</h3>
              <BandRows scale={TIMED_SCALE[chosen.layer]} lang={lang} />
            </>
          )}
          <h3>{t('map.legendRain')}</h3>
          <ul className="legend-rows">
            {RAIN_LEGEND.map((r) => (
              <li key={r.markerClass}>
                <Swatch colour={RAIN_MARKER_COLOURS[r.markerClass]} />
                {r.label}
              </li>
            ))}
          </ul>
          <h3>{t('map.legendWater')}</h3>
          <ul className="legend-rows">
            {WATER_LEGEND.map((w) => (
              <li key={w.status}>
                <Swatch colour={w.colour} />
                {WATER_STATUS_LABELS[w.status][lang]}
              </li>
            ))}
            <li>
              <Swatch colour="#eeeeee" dashed />
              {t('map.disconnected')}
            </li>
          </ul>
          <h3>{t('readingMark.legend')}</h3>
          <ul className="legend-rows" data-testid="legend-marks">
            {MARK_LEGEND.map(({ mark, label }) => (
              <li key={mark} title={t(`readingMark.${mark}Help`)}>
                <span
                  className="legend-swatch legend-swatch-mark"
                  style={{ background: '#eeeeee', '--legend-mark-ink': MARK_COLOURS[mark] } as CSSProperties}
                />
                {t(label)}
              </li>
            ))}
          </ul>
          <h3>{t('map.legendThunder')}</h3>
          <ul className="legend-rows legend-rows-compact">
            {THUNDER_LEGEND.map((v, i) => (
              <li key={v}>
                <Swatch colour={THUNDER_COLOURS[i] ?? '#800026'} />
                {i === THUNDER_LEGEND.length - 1
                  ? `${formatMapNumber(v, 0, lang)}+`
                  : formatMapNumber(v, Number.isInteger(v) ? 0 : 1, lang)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
