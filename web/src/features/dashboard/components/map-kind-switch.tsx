import type { StationKind } from '@flood/domain';
import { useTranslation } from 'react-i18next';
import { ChipSwitch } from './chip-switch';

/** The dashboard map's switch between the rain and the water stations (the preview's and the interactive map's). */
export function MapKindSwitch({ kind, onChange }: { kind: StationKind; onChange: (kind: StationKind) => void }) {
  const { t } = useTranslation();
  return (
    <ChipSwitch
      className="dash-map-kind"
      name="dash-map"
      legend={t('dashboard.mapKind')}
      options={[
        { value: 'rain', label: t('dashboard.showRain') },
        { value: 'water', label: t('dashboard.showWater') },
      ]}
      value={kind}
      onChange={onChange}
    />
  );
}
