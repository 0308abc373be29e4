import { type CorrectionResult, type FlagRangeBody, FlagRangeBodySchema } from '@flood/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../components/form-modal';
import { districtPickToUtcIso } from '../../../../lib/format/date';
import { parseForm } from '../../../../lib/forms/zod-form';
import { flagReadingsRange } from '../../api/readings-review-api';
import { ReasonField, showCorrectionError } from './reason-field';

/** Times of the range are typed on the district's clock to the minute. */
export const RANGE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

export interface FlagRangeValues {
  from: Dayjs | null;
  to: Dayjs | null;
  reason: string;
}

/**
 * The API's body of the dialog: the picked minutes on the district's clock as UTC instants, the end minute whole
 * (to 14:10 takes a reading stamped 14:10:30 too).
 */
export function flagRangeBodyOf(stationCode: string, values: FlagRangeValues): FlagRangeBody {
  return {
    stationCode,
    from: values.from ? districtPickToUtcIso(values.from.second(0)) : '',
    to: values.to ? districtPickToUtcIso(values.to.second(59)) : '',
    reason: values.reason ?? '',
  };
}

export interface FlagRangeModalProps {
  open: boolean;
  stationCode: string;
  stationName: string;
  onClose: () => void;
  onSaved: (result: CorrectionResult) => void;
}

/** 'Đánh dấu sai cả khoảng thời gian': every reading of the station from one minute to another marked faulty. */
export function FlagRangeModal({ open, stationCode, stationName, onClose, onSaved }: FlagRangeModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FlagRangeValues>();

  const mutation = useMutation({
    mutationFn: flagReadingsRange,
    onSuccess: (result) => {
      onSaved(result);
      onClose();
    },
    onError: (error) => showCorrectionError(form, error, (text) => void message.error(text), t),
  });

  const onFinish = (values: FlagRangeValues) => {
    const body = parseForm(form, FlagRangeBodySchema, flagRangeBodyOf(stationCode, values), t);
    if (body) mutation.mutate(flagRangeBodyOf(stationCode, values));
  };

  const picker = (name: 'from' | 'to', id: string) => (
    <DatePicker
      id={id}
      showTime={{ format: 'HH:mm' }}
      format={RANGE_TIME_FORMAT}
      placeholder={t('readingsReview.timePlaceholder')}
      className="full-width"
      data-testid={`flag-range-${name}`}
    />
  );

  return (
    <FormModal<FlagRangeValues>
      open={open}
      title={t('readingsReview.flagRangeTitle')}
      onClose={onClose}
      form={form}
      onFinish={onFinish}
      loading={mutation.isPending}
      submitTestId="flag-range-submit"
      modalTestId="flag-range-modal"
      submitText={t('readingsReview.flagRangeSubmit')}
      width={520}
      initialValues={{ from: null, to: null, reason: '' }}
    >
      <Alert
        type="warning"
        showIcon
        className="flag-range-note"
        title={t('readingsReview.flagRangeNote', { station: `${stationName} (${stationCode})` })}
      />
      <div className="review-range-times">
        <Form.Item
          label={t('readingsReview.rangeFrom')}
          name="from"
          htmlFor="flag-range-from"
          required
          rules={[{ required: true, message: t('readingsReview.timeRequired') }]}
        >
          {picker('from', 'flag-range-from')}
        </Form.Item>
        <Form.Item
          label={t('readingsReview.rangeTo')}
          name="to"
          htmlFor="flag-range-to"
          required
          dependencies={['from']}
          rules={[
            { required: true, message: t('readingsReview.timeRequired') },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: Dayjs | null) => {
                const from: Dayjs | null = getFieldValue('from');
                if (value && from && value.second(0).isBefore(from.second(0))) {
                  throw new Error(t('readingsReview.toBeforeFrom'));
                }
              },
            }),
          ]}
        >
          {picker('to', 'flag-range-to')}
        </Form.Item>
      </div>
      <ReasonField id="flag-range-reason" />
    </FormModal>
  );
}
