import {
  type CorrectionResult,
  type CorrectReadingBody,
  CorrectReadingBodySchema,
  formatNumberVi,
  READING_BOUNDS,
  READING_CORRECTION_ACTION_LABELS,
  type ReadingCorrectionAction,
  type ReviewedReading,
  type StationKind,
} from '@flood/domain';
import { useMutation } from '@tanstack/react-query';
import { App, Descriptions, Form, InputNumber, Radio, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../components/form-modal';
import { formatDistrictDateTime } from '../../../../lib/format/date';
import { parseForm } from '../../../../lib/forms/zod-form';
import { correctReading } from '../../api/readings-review-api';
import { ReasonField, showCorrectionError } from './reason-field';
import {
  formatStoredValue,
  QUALITY_TAG_COLOURS,
  qualityLabel,
  ruleLabel,
  shownValue,
  storedValue,
  unitOf,
} from './review-values';

export interface CorrectValues {
  action: ReadingCorrectionAction;
  /** In the page's unit: water m, rain mm. */
  value: number | null;
  reason: string;
}

/** The choices in the order staff meet them: most corrections mark a wrong value. */
const ACTIONS: ReadingCorrectionAction[] = ['bad', 'correct', 'good'];

/**
 * The typed text as the input's number: a decimal comma read as a point. An emptied field stays empty (the input
 * reads '' as no value; `Number('')` would have sent 0).
 */
const parseDecimal = (text: string | undefined): number =>
  (text ?? '').replace(/\s/g, '').replace(',', '.') as unknown as number;

/** The API's body of the dialog: the reading as it came (its ISO string), a value only to correct, in the stored unit. */
export function correctBodyOf(
  stationCode: string,
  kind: StationKind,
  reading: ReviewedReading,
  values: CorrectValues,
): CorrectReadingBody {
  const value =
    values.action === 'correct' && typeof values.value === 'number' && Number.isFinite(values.value)
      ? storedValue(kind, values.value)
      : undefined;
  return {
    stationCode,
    observedAt: reading.observedAt,
    action: values.action,
    ...(value === undefined ? {} : { value }),
    reason: values.reason ?? '',
  };
}

export interface CorrectReadingModalProps {
  open: boolean;
  stationCode: string;
  kind: StationKind;
  reading: ReviewedReading;
  onClose: () => void;
  /** After the server saved it: the page refreshes and says what happened. */
  onSaved: (result: CorrectionResult) => void;
}

/**
 * 'Hiệu chỉnh số liệu': one reading marked faulty, given a corrected value (typed in m for water, mm for rain) or
 * accepted as good, always with a reason. The server's field errors show on their fields.
 */
export function CorrectReadingModal({ open, stationCode, kind, reading, onClose, onSaved }: CorrectReadingModalProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'vi';
  const { message } = App.useApp();
  const [form] = Form.useForm<CorrectValues>();
  const action = Form.useWatch('action', form);

  const mutation = useMutation({
    mutationFn: correctReading,
    onSuccess: (result) => {
      onSaved(result);
      onClose();
    },
    onError: (error) => showCorrectionError(form, error, (text) => void message.error(text), t),
  });

  const onFinish = (values: CorrectValues) => {
    const body = parseForm(form, CorrectReadingBodySchema, correctBodyOf(stationCode, kind, reading, values), t);
    if (body) mutation.mutate(correctBodyOf(stationCode, kind, reading, values));
  };

  const trusted = reading.quality === 'good' || reading.quality === 'corrected';
  // The domain's physical bounds (water cm, rain mm) in the unit typed here.
  const bounds = {
    min: shownValue(kind, READING_BOUNDS[kind].min),
    max: shownValue(kind, READING_BOUNDS[kind].max),
  };
  return (
    <FormModal<CorrectValues>
      open={open}
      title={t('readingsReview.correctTitle')}
      onClose={onClose}
      form={form}
      onFinish={onFinish}
      loading={mutation.isPending}
      submitTestId="correct-submit"
      modalTestId="correct-modal"
      width={520}
      initialValues={{
        action: trusted ? 'bad' : 'good',
        value: Math.round(shownValue(kind, reading.value) * 1000) / 1000,
        reason: '',
      }}
    >
      <Descriptions
        size="small"
        column={1}
        className="correct-reading-facts"
        items={[
          { key: 'time', label: t('readingsReview.time'), children: formatDistrictDateTime(reading.observedAt) },
          { key: 'value', label: t('readingsReview.value'), children: formatStoredValue(kind, reading.value) },
          {
            key: 'quality',
            label: t('readingsReview.quality'),
            children: (
              <span>
                <Tag color={QUALITY_TAG_COLOURS[reading.quality]}>{qualityLabel(reading.quality, lang)}</Tag>
                {ruleLabel(reading.qualityRule, lang)}
              </span>
            ),
          },
          ...(reading.originalValue === null
            ? []
            : [
                {
                  key: 'original',
                  label: t('readingsReview.originalValue'),
                  children: formatStoredValue(kind, reading.originalValue),
                },
              ]),
        ]}
      />
      <Form.Item label={t('readingsReview.action')} name="action" required>
        <Radio.Group aria-label={t('readingsReview.action')} className="correct-actions">
          {ACTIONS.map((a) => (
            <Radio key={a} value={a} data-testid={`correct-action-${a}`}>
              {READING_CORRECTION_ACTION_LABELS[a][lang]}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {action === 'correct' && (
        <Form.Item
          label={t('readingsReview.correctedValue', { unit: unitOf(kind) })}
          name="value"
          htmlFor="correct-value"
          required
          rules={[
            { required: true, message: t('readingsReview.valueRequired') },
            {
              validator: async (_rule, v: number | null) => {
                if (typeof v === 'number' && (v < bounds.min || v > bounds.max)) {
                  throw new Error(
                    t('readingsReview.valueRange', {
                      min: formatNumberVi(bounds.min, 0),
                      max: formatNumberVi(bounds.max, 0),
                      unit: unitOf(kind),
                    }),
                  );
                }
              },
            },
          ]}
        >
          <InputNumber<number>
            id="correct-value"
            step={kind === 'water' ? 0.01 : 0.1}
            decimalSeparator=","
            parser={parseDecimal}
            inputMode="decimal"
            suffix={unitOf(kind)}
            className="full-width"
          />
        </Form.Item>
      )}
      <ReasonField id="correct-reason" />
    </FormModal>
  );
}
