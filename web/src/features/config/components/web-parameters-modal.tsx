import './web-parameters-modal.css';
import {
  cmToM,
  DEFAULT_WEB_PARAMETERS,
  mToCm,
  type SystemParameter,
  WEB_PARAMETER_ORDER,
  type WebParameters,
  WebParametersSchema,
} from '@flood/domain';
import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormModal } from '../../../components/form-modal';
import { parseForm, zodRule } from '../../../lib/forms/zod-form';
import { useSaveParameter } from './use-save-parameter';

/** A field of the form: its step; the lowest value it takes (0 unless said); whether it has a help line. */
export interface ParameterField {
  field: keyof WebParameters;
  step: number;
  min?: number;
  help?: boolean;
}

/**
 * The thresholds in the order of the form, by section, with their step (water levels in METRES like the
 * station form — stored in centimetres —, the water quality limits too; rain in mm/h or mm, minutes).
 */
export const PARAMETER_SECTIONS: { key: string; fields: ParameterField[] }[] = [
  {
    key: 'status',
    fields: [
      { field: 'waterHigh', step: 0.01 },
      { field: 'waterMedium', step: 0.01 },
      { field: 'waterLow', step: 0.01 },
      { field: 'rainVeryHigh', step: 0.5 },
      { field: 'rainHigh', step: 0.5 },
      { field: 'rainMedium', step: 0.5 },
      { field: 'rainLow', step: 0.5 },
      { field: 'notRain', step: 0.5 },
      { field: 'disconnectAfterMinutes', step: 5 },
    ],
  },
  {
    // Warnings (alerts): 24-hour rain levels, a fast rise, and when an alert may lower or clear.
    key: 'alerts',
    fields: [
      { field: 'rain24hLevel1', step: 5 },
      { field: 'rain24hLevel2', step: 5 },
      { field: 'rain24hLevel3', step: 5 },
      { field: 'waterRiseCmPerHour', step: 0.01 },
      { field: 'waterClearMarginCm', step: 0.01 },
      { field: 'rainClearMarginMm', step: 0.5 },
      { field: 'alertClearMinutes', step: 5 },
      // The lifetime of an automatic alert's CAP message (#23): renewed while the alert stays open.
      { field: 'capAlertLifetimeMinutes', step: 30, min: 60 },
    ],
  },
  {
    // Reading quality (#22): the limits that make a reading bad or suspect.
    key: 'quality',
    fields: [
      { field: 'qcWaterMinCm', step: 0.1, min: -50, help: true },
      { field: 'qcWaterMaxCm', step: 0.1, min: -50, help: true },
      { field: 'qcWaterMaxChangeCmPerHour', step: 0.1, min: 0.01, help: true },
      { field: 'qcRainMaxMm', step: 10, help: true },
      { field: 'qcRainMaxMmPerHour', step: 10, min: 1, help: true },
      { field: 'qcStuckMinutes', step: 30, help: true },
      { field: 'qcMaxAgeDays', step: 1, min: 1, help: true },
    ],
  },
  {
    // Confirmed alerts and reminders (#22).
    key: 'confirm',
    fields: [
      { field: 'alertConfirmReadings', step: 1, min: 1, help: true },
      { field: 'alertConfirmMinutes', step: 5, help: true },
      { field: 'alertAckMinutes', step: 5, min: 1, help: true },
      { field: 'alertMaxEscalations', step: 1, help: true },
    ],
  },
];

/** Every field of the form, in its order. */
export const PARAMETER_FIELDS: ParameterField[] = PARAMETER_SECTIONS.flatMap((s) => s.fields);

/** The water thresholds: typed in metres, stored in centimetres. */
export const METRE_FIELDS = [
  'waterHigh',
  'waterMedium',
  'waterLow',
  'waterRiseCmPerHour',
  'waterClearMarginCm',
  'qcWaterMinCm',
  'qcWaterMaxCm',
  'qcWaterMaxChangeCmPerHour',
] as const;
const isMetreField = (f: string): boolean => (METRE_FIELDS as readonly string[]).includes(f);

/** The form's values (metres) as the record stores them (centimetres); anything not a number stays as is. */
export function parametersOfForm(values: Record<string, unknown>): Record<string, unknown> {
  const out = { ...values };
  for (const f of METRE_FIELDS) {
    const v = out[f];
    if (typeof v === 'number' && Number.isFinite(v)) out[f] = mToCm(v);
  }
  return out;
}

/** The stored record (centimetres) as the form shows it (metres). */
export function formOfParameters(p: WebParameters): WebParameters {
  const out = { ...p };
  for (const f of METRE_FIELDS) out[f] = cmToM(p[f]);
  return out;
}

/**
 * The stored thresholds as they are, each missing or unreadable one replaced by its default — an inverted
 * record saved before the order rules is shown as stored, so staff see what to correct.
 */
function storedParameters(value: Record<string, unknown>): WebParameters {
  const out = { ...DEFAULT_WEB_PARAMETERS };
  for (const { field } of PARAMETER_FIELDS) {
    const n = Number(value[field]);
    if (value[field] !== null && value[field] !== '' && Number.isFinite(n)) out[field] = n;
  }
  return out;
}

/** The domain's rules (ranges and the order of the thresholds) applied to the form, metres → cm first. */
const ParametersFormSchema = z.preprocess(
  (v) => parametersOfForm((v ?? {}) as Record<string, unknown>),
  WebParametersSchema,
);

/** The other fields of the ordered pairs a field belongs to: they are checked again when it changes. */
const partnersOf = (field: keyof WebParameters) =>
  WEB_PARAMETER_ORDER.flatMap(([lo, hi]) => (lo === field ? [hi] : hi === field ? [lo] : []));

/** Every threshold is required here (the schema's defaults are for records that lack one). */
const requiredNumber = (message: string) => ({ required: true, type: 'number' as const, message });

/**
 * 'Tham số hiển thị': the thresholds of the 'Web Parameters' record, in sections: status, warnings, the quality of
 * readings and the confirmation and reminders of warnings (#22). A field the server refuses shows its message.
 */
export function WebParametersModal({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record: SystemParameter;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WebParameters>();
  const save = useSaveParameter(form, record, onClose);

  const onFinish = (values: WebParameters) => {
    const objectValue = parseForm(form, ParametersFormSchema, values, t);
    if (objectValue) save.mutate({ name: record.name, objectValue });
  };

  return (
    <FormModal<WebParameters>
      open={open}
      title={t('config.parametersTitle')}
      onClose={onClose}
      form={form}
      onFinish={onFinish}
      loading={save.isPending}
      submitTestId="param-submit"
      modalTestId="param-modal"
      width={760}
      initialValues={formOfParameters(storedParameters(record.objectValue))}
    >
      {PARAMETER_SECTIONS.map((section) => (
        <fieldset key={section.key} className="param-section" data-testid={`param-section-${section.key}`}>
          <legend>{t(`config.section.${section.key}`)}</legend>
          <div className="param-grid">
            {section.fields.map(({ field, step, min = 0, help }) => (
              <Form.Item
                key={field}
                label={t(`config.param.${field}`)}
                name={field}
                htmlFor={`param-${field}`}
                required
                rules={[requiredNumber(t('form.requiredGeneric')), zodRule(ParametersFormSchema, field, t)]}
                dependencies={partnersOf(field)}
                extra={help ? t(`config.help.${field}`) : undefined}
              >
                <InputNumber<number>
                  id={`param-${field}`}
                  min={min}
                  step={step}
                  decimalSeparator=","
                  parser={(text) => Number((text ?? '').replace(/\s/g, '').replace(',', '.'))}
                  inputMode={min < 0 ? 'text' : 'decimal'}
                  suffix={
                    field === 'waterRiseCmPerHour' || field === 'qcWaterMaxChangeCmPerHour'
                      ? t('config.metresPerHour')
                      : isMetreField(field)
                        ? 'm'
                        : undefined
                  }
                />
              </Form.Item>
            ))}
          </div>
        </fieldset>
      ))}
    </FormModal>
  );
}
