import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { DEPTH_CLASSES } from '@flood/domain';
import { Button } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The water bands a flood layer is drawn with (§9: 0–0.5 … > 4 m), deepest first; unmeasured depth is not drawn. */
const BANDS = DEPTH_CLASSES.filter((c) => c.fromM !== null).reverse();

/** The rows of the water legend in metres: the colours the flood layers are filled with. */
function WaterRows() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'vi';
  return (
    <>
      <h3>{t('floodAnalysisMap.legendWater')}</h3>
      <ul className="legend-rows" data-testid="analysis-legend-rows">
        {BANDS.map((b) => (
          <li key={b.key}>
            <span className="legend-swatch" style={{ background: b.colour }} />
            {b[lang]}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The legend of the analysis map (bottom left, collapsible), or — `sheet` — always open with a plain title,
 * as it is drawn beside the exported map.
 */
export function AnalysisLegend({ defaultOpen = true, sheet = false }: { defaultOpen?: boolean; sheet?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  if (sheet) {
    return (
      <section className="map-legend analysis-legend">
        <h2 className="analysis-legend-title">{t('map.legend')}</h2>
        <div className="map-legend-body">
          <WaterRows />
        </div>
      </section>
    );
  }
  return (
    <section className="map-legend analysis-legend" aria-label={t('map.legend')} data-testid="analysis-legend">
      <Button
        size="large"
        block
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-controls={bodyId}
        icon={open ? <DownOutlined /> : <UpOutlined />}
        iconPlacement="end"
        className="map-legend-toggle"
      >
        {t('map.legend')}
      </Button>
      {open && (
        <div id={bodyId} className="map-legend-body">
          <WaterRows />
        </div>
      )}
    </section>
  );
}
