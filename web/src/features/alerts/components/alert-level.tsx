import { WATER_MARKER_COLOURS } from '@flood/domain';
import { useTranslation } from 'react-i18next';
import { textOn } from '../../../components/reading-colours';

const LEVEL_COLOURS: Record<number, string> = {
  1: WATER_MARKER_COLOURS.level1,
  2: WATER_MARKER_COLOURS.level2,
  3: WATER_MARKER_COLOURS.level3,
};

/** The level badge of the banner and the alerts page: Cấp I yellow, Cấp II orange, Cấp III red. */
export function LevelBadge({ level }: { level: number }) {
  const { t } = useTranslation();
  const colour = LEVEL_COLOURS[level] ?? WATER_MARKER_COLOURS.level3;
  return (
    <span className="alert-level" style={{ background: colour, color: textOn(colour) }}>
      {t(`alerts.level${Math.min(3, Math.max(1, level)) as 1 | 2 | 3}`)}
    </span>
  );
}
