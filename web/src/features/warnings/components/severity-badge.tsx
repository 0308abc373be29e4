import { type Language, type SeverityScale, severityColour, severityName, type WarningKind } from '@flood/domain';
import { textOn } from '../../../components/reading-colours';

export interface SeverityBadgeProps {
  kind: WarningKind;
  scale: SeverityScale;
  severity: number;
  lang: Language;
  className?: string;
}

/** A warning's severity in its words ('Báo động 2', 'Rủi ro thiên tai cấp 3') on its colour. */
export function SeverityBadge({ kind, scale, severity, lang, className }: SeverityBadgeProps) {
  const colour = severityColour(kind, scale, severity);
  return (
    <span
      className={`alert-level warning-severity${className ? ` ${className}` : ''}`}
      style={{ background: colour, color: textOn(colour) }}
    >
      {severityName(kind, scale, severity, lang)}
    </span>
  );
}
