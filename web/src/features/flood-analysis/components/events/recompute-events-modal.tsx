import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, DatePicker, Form, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../components/form-modal';
import { districtPickToUtcIso, districtToday } from '../../../../lib/format/date';
import { showFormError } from '../../../../lib/forms/zod-form';
import { damageKeys } from '../../api/damage-api';
import { floodEventsKeys, recomputeFloodEvents } from '../../api/flood-events-api';

/** Longest period recomputed at once from the page (a year of readings is read in a few seconds). */
export const RECOMPUTE_MAX_DAYS = 366;
/** The period offered first: the last 30 district days. */
const DEFAULT_DAYS = 30;

interface RecomputeValues {
  range: [Dayjs, Dayjs] | null;
}

/** Whole district days as the UTC instants of the first day's 00:00 and the last day's 23:59:59. */
export function recomputePeriod([first, last]: [Dayjs, Dayjs]): { from: string; to: string } {
  return { from: districtPickToUtcIso(first.startOf('day')), to: districtPickToUtcIso(last.endOf('day')) };
}

/**
 * 'Tính lại từ số liệu': the events of a period detected again from the stored water readings by the same
 * rule as the live detector; events added or edited by staff are kept.
 */
export function RecomputeEventsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RecomputeValues>();

  const mutation = useMutation({
    mutationFn: (range: [Dayjs, Dayjs]) => {
      const { from, to } = recomputePeriod(range);
      return recomputeFloodEvents(from, to);
    },
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: floodEventsKeys.all });
      void queryClient.invalidateQueries({ queryKey: damageKeys.all });
      void message.success(t('floodAnalysis.recomputeDone', { created: result.created, removed: result.removed }));
      onClose();
    },
    onError: (error) => showFormError(form, error, (text) => void message.error(text), t('errors.generic')),
  });

  const today = districtToday();
  return (
    <FormModal<RecomputeValues>
      open={open}
      title={t('floodAnalysis.recomputeTitle')}
      onClose={onClose}
      form={form}
      onFinish={(values) => values.range && mutation.mutate(values.range)}
      loading={mutation.isPending}
      submitTestId="flood-recompute-submit"
      submitText={t('floodAnalysis.recomputeSubmit')}
      modalTestId="flood-recompute-modal"
      initialValues={{ range: [today.subtract(DEFAULT_DAYS - 1, 'day'), today] }}
    >
      <Typography.Paragraph type="secondary">{t('floodAnalysis.recomputeHelp')}</Typography.Paragraph>
      <Form.Item
        label={t('floodAnalysis.recomputeRange')}
        name="range"
        rules={[
          { required: true, message: t('floodAnalysis.rangeRequired') },
          {
            validator: async (_rule, value: [Dayjs, Dayjs] | null) => {
              if (value && value[1].diff(value[0], 'day') + 1 > RECOMPUTE_MAX_DAYS) {
                throw new Error(t('floodAnalysis.rangeTooLong', { days: RECOMPUTE_MAX_DAYS }));
              }
            },
          },
        ]}
      >
        <DatePicker.RangePicker
          format="DD/MM/YYYY"
          className="full-width"
          disabledDate={(day) => day.isAfter(today, 'day')}
          aria-label={t('floodAnalysis.recomputeRange')}
          data-testid="flood-recompute-range"
        />
      </Form.Item>
    </FormModal>
  );
}
