import type { StationKind } from '@flood/domain';
import { useTranslation } from 'react-i18next';

/** The dashboard map's switch between the rain and the water stations (the preview's and the interactive map's). */
export function MapKindSwitch({ kind, onChange }: { kind: StationKind; onChange: (kind: StationKind) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="dash-map-kind">
      <legend className="dash-visually-hidden">{t('dashboard.mapKind')}</legend>
      {(['rain', 'water'] as const).map((k) => (
        <label key={k} className={kind === k ? 'dash-chip active' : 'dash-chip'}>
          <input
            type="radio"
            name="dash-map-kind"
            value={k}
            checked={kind === k}
            onChange={() => onChange(k)}
            data-testid={`dash-map-${k}`}
          />
          {t(k === 'rain' ? 'dashboard.showRain' : 'dashboard.showWater')}
        </label>
      ))}
    </fieldset>
  );
}
