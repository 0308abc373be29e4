import type { Language, SeverityScale, WarningKind } from '@flood/domain';
import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { severityOptions } from '../model/warning-form';

export interface SeverityFieldProps {
  id?: string;
  value?: number;
  onChange?: (value: number) => void;
  kind: WarningKind;
  scale: SeverityScale;
  disabled?: boolean;
}

/**
 * The severity as radio buttons, each with its colour: the portal's levels of the kind ('Báo động 1'…), or the
 * decision's risk levels 1 to the kind's highest with the colour's name ('Rủi ro thiên tai cấp 3 – da cam').
 */
export function SeverityField({ id, value, onChange, kind, scale, disabled }: SeverityFieldProps) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const colourNames = t('warningAdmin.riskColours').split('|');
  return (
    <Radio.Group
      id={id}
      value={value}
      onChange={(e) => onChange?.(e.target.value as number)}
      disabled={disabled}
      className="warning-severity-options"
      data-testid="warning-severity"
    >
      {severityOptions(kind, scale, lang).map((option) => (
        <Radio key={option.value} value={option.value} data-testid={`warning-severity-${option.value}`}>
          <span className="warning-severity-option">
            <span className="warning-swatch" style={{ background: option.colour }} aria-hidden />
            {scale === 'risk' ? `${option.name} – ${colourNames[option.value - 1] ?? ''}` : option.name}
          </span>
        </Radio>
      ))}
    </Radio.Group>
  );
}
