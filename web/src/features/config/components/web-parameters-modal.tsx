import { type SystemParameter, type WebParameters, WebParametersSchema } from '@flood/domain';
import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { parseForm, zodRule } from '../../../lib/forms/zod-form';
import { useSaveParameter } from './use-save-parameter';

/** The thresholds in the order of the form, with their step (water in cm, rain in mm/h or mm, minutes). */
export const PARAMETER_FIELDS: { field: keyof WebParameters; step: number }[] = [
  { field: 'waterHigh', step: 1 },
  { field: 'waterMedium', step: 1 },
  { field: 'waterLow', step: 1 },
  { field: 'rainVeryHigh', step: 0.5 },
  { field: 'rainHigh', step: 0.5 },
  { field: 'rainMedium', step: 0.5 },
  { field: 'rainLow', step: 0.5 },
  { field: 'notRain', step: 0.5 },
  { field: 'disconnectAfterMinutes', step: 5 },
  // Warnings (alerts): 24-hour rain levels, a fast rise, and when an alert may lower or clear.
  { field: 'rain24hLevel1', step: 5 },
  { field: 'rain24hLevel2', step: 5 },
  { field: 'rain24hLevel3', step: 5 },
  { field: 'waterRiseCmPerHour', step: 1 },
  { field: 'waterClearMarginCm', step: 1 },
  { field: 'rainClearMarginMm', step: 0.5 },
  { field: 'alertClearMinutes', step: 5 },
];

/** Every threshold is required here (the schema's defaults are for records that lack one). */
const requiredNumber = (message: string) => ({ required: true, type: 'number' as const, message });

/** 'Tham số hiển thị': the thresholds of the 'Web Parameters' record. */
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
  const current = WebParametersSchema.safeParse(record.objectValue);

  const onFinish = (values: WebParameters) => {
    const objectValue = parseForm(form, WebParametersSchema, values, t);
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
      width={640}
      initialValues={current.success ? current.data : WebParametersSchema.parse({})}
    >
      <div className="param-grid">
        {PARAMETER_FIELDS.map(({ field, step }) => (
          <Form.Item
            key={field}
            label={t(`config.param.${field}`)}
            name={field}
            htmlFor={`param-${field}`}
            required
            rules={[requiredNumber(t('form.requiredGeneric')), zodRule(WebParametersSchema, field, t)]}
          >
            <InputNumber<number> id={`param-${field}`} min={0} step={step} decimalSeparator="," />
          </Form.Item>
        ))}
      </div>
    </FormModal>
  );
}
