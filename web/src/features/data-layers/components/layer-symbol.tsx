import Icon, {
  ClockCircleOutlined,
  CloudOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  FlagOutlined,
  GlobalOutlined,
  HeatMapOutlined,
  QuestionOutlined,
} from '@ant-design/icons';
import { DATA_LAYER_SYMBOLS, type DataLayerSymbol } from '@flood/domain';
import { Radio } from 'antd';
import type { ComponentType, CSSProperties, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';

/** A water drop (antd has none): the outline of a drop, drawn on antd's 1024 grid. */
function DropSvg(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 1024 1024" aria-hidden="true" {...props}>
      <path
        fillRule="evenodd"
        d="M512 64S160 480 160 656a352 352 0 0 0 704 0C864 480 512 64 512 64zm0 112S232 520 232 656a280 280 0 0 0 560 0c0-136-280-480-280-480z"
      />
    </svg>
  );
}
const DropOutlined = (props: { style?: CSSProperties }) => <Icon component={DropSvg} {...props} />;

/** The antd icon of each symbol key of the domain's DATA_LAYER_SYMBOLS. */
const ICONS: Record<DataLayerSymbol['icon'], ComponentType<{ style?: CSSProperties }>> = {
  cloud: CloudOutlined,
  global: GlobalOutlined,
  clock: ClockCircleOutlined,
  drop: DropOutlined,
  flood: HeatMapOutlined,
  experiment: ExperimentOutlined,
  environment: EnvironmentOutlined,
  flag: FlagOutlined,
};

/** A layer's symbol: its icon in its colour, named for screen readers. */
export function LayerSymbol({ symbol }: { symbol: { icon: string; color: string } }) {
  const { t } = useTranslation();
  const Glyph = ICONS[symbol.icon as DataLayerSymbol['icon']] ?? QuestionOutlined;
  const label = t(`dataLayers.symbols.${symbol.icon}`, { defaultValue: symbol.icon });
  return (
    <span role="img" aria-label={label} title={label} className="layer-symbol" data-symbol={symbol.icon}>
      <Glyph style={{ color: symbol.color, fontSize: 18 }} />
    </span>
  );
}

export interface SymbolPickerProps {
  id?: string;
  'aria-label'?: string;
  /** The chosen symbol's icon key. */
  value?: string;
  onChange?: (icon: string) => void;
  disabled?: boolean;
}

/** The symbol choice of the layer form: one button per offered symbol, each icon in its colour. */
export function SymbolPicker({ id, value, onChange, disabled, 'aria-label': ariaLabel }: SymbolPickerProps) {
  return (
    <Radio.Group
      id={id}
      aria-label={ariaLabel}
      value={value}
      disabled={disabled}
      optionType="button"
      onChange={(e) => onChange?.(e.target.value as string)}
      className="layer-symbol-picker"
    >
      {DATA_LAYER_SYMBOLS.map((s) => (
        <Radio.Button key={s.icon} value={s.icon}>
          <LayerSymbol symbol={s} />
        </Radio.Button>
      ))}
    </Radio.Group>
  );
}
