import {
  FLOOD_EVENT_NOTE_MAX,
  FLOOD_EVENT_TOASTS,
  type FloodEvent,
  type FloodEventBody,
  FloodEventBodySchema,
  TEXT_MAX,
} from '@flood/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../components/form-modal';
import { districtPickToUtcIso, utcIsoToDistrictPick } from '../../../../lib/format/date';
import { showFormError } from '../../../../lib/forms/zod-form';
import { damageKeys } from '../../api/damage-api';
import { createFloodEvent, floodEventsKeys, updateFloodEvent } from '../../api/flood-events-api';

/** Times of an event are typed on the district's clock to the minute. */
export const EVENT_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

interface FloodEventValues {
  name: string;
  start: Dayjs | null;
  end: Dayjs | null;
  note: string;
}

/** The form's values as the API's save body: times as UTC ISO, empty texts as null (empty name = default name). */
export function floodEventBody(values: FloodEventValues): FloodEventBody {
  return {
    name: values.name?.trim() || null,
    start: values.start ? districtPickToUtcIso(values.start.second(0)) : '',
    end: values.end ? districtPickToUtcIso(values.end.second(0)) : null,
    note: values.note?.trim() || null,
  };
}

export interface FloodEventFormModalProps {
  open: boolean;
  /** The event being edited, or null to add one by hand. */
  event: FloodEvent | null;
  onClose: () => void;
}

/**
 * 'Thêm trận lũ' / 'Cập nhật trận lũ': an optional name (empty = 'Trận lũ ngày {start}'), the start (required),
 * the end (empty while the flood is under way, not before the start) and a note.
 */
export function FloodEventFormModal({ open, event, onClose }: FloodEventFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FloodEventValues>();

  const mutation = useMutation({
    mutationFn: (body: FloodEventBody) => (event ? updateFloodEvent(event.id, body) : createFloodEvent(body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: floodEventsKeys.all });
      // A re-timed event re-links the damage records of its days.
      void queryClient.invalidateQueries({ queryKey: damageKeys.all });
      void message.success(FLOOD_EVENT_TOASTS.saved);
      onClose();
    },
    onError: (error) =>
      showFormError(form, error, (text) => void message.error(text), t('errors.generic'), {
        showMessageOf: ['CONFLICT', 'NOT_FOUND'],
      }),
  });

  const onFinish = (values: FloodEventValues) => {
    const body = floodEventBody(values);
    // The domain's schema has the last word (lengths, order of the times).
    const parsed = FloodEventBodySchema.safeParse(body);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => ({
          name: String(issue.path[0] ?? 'start') as keyof FloodEventValues,
          errors: [issue.message],
        })),
      );
      return;
    }
    mutation.mutate(body);
  };

  return (
    <FormModal<FloodEventValues>
      open={open}
      title={t(event ? 'floodAnalysis.eventEditTitle' : 'floodAnalysis.eventCreateTitle')}
      onClose={onClose}
      form={form}
      onFinish={onFinish}
      loading={mutation.isPending}
      submitTestId="flood-event-submit"
      modalTestId="flood-event-modal"
      width={520}
      initialValues={{
        name: event?.customName ?? '',
        start: event ? utcIsoToDistrictPick(event.start) : null,
        end: event?.end ? utcIsoToDistrictPick(event.end) : null,
        note: event?.note ?? '',
      }}
    >
      <Form.Item
        label={t('floodAnalysis.eventName')}
        name="name"
        htmlFor="flood-event-name"
        extra={t('floodAnalysis.eventNameHelp')}
        rules={[{ max: TEXT_MAX, message: t('form.max', { max: TEXT_MAX }) }]}
      >
        <Input id="flood-event-name" autoComplete="off" maxLength={TEXT_MAX} placeholder={event?.name} />
      </Form.Item>
      <div className="flood-event-times">
        <Form.Item
          label={t('floodAnalysis.start')}
          name="start"
          htmlFor="flood-event-start"
          rules={[{ required: true, message: t('floodAnalysis.startRequired') }]}
        >
          <DatePicker
            id="flood-event-start"
            showTime={{ format: 'HH:mm' }}
            format={EVENT_TIME_FORMAT}
            placeholder={t('floodAnalysis.timePlaceholder')}
            className="full-width"
            data-testid="flood-event-start"
          />
        </Form.Item>
        <Form.Item
          label={t('floodAnalysis.end')}
          name="end"
          htmlFor="flood-event-end"
          extra={t('floodAnalysis.endHelp')}
          dependencies={['start']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: Dayjs | null) => {
                const start: Dayjs | null = getFieldValue('start');
                if (value && start && value.second(0).isBefore(start.second(0))) {
                  throw new Error(t('floodAnalysis.endBeforeStart'));
                }
              },
            }),
          ]}
        >
          <DatePicker
            id="flood-event-end"
            showTime={{ format: 'HH:mm' }}
            format={EVENT_TIME_FORMAT}
            placeholder={t('floodAnalysis.timePlaceholder')}
            className="full-width"
            data-testid="flood-event-end"
          />
        </Form.Item>
      </div>
      <Form.Item
        label={t('floodAnalysis.note')}
        name="note"
        htmlFor="flood-event-note"
        rules={[{ max: FLOOD_EVENT_NOTE_MAX, message: t('form.max', { max: FLOOD_EVENT_NOTE_MAX }) }]}
      >
        <Input.TextArea
          id="flood-event-note"
          maxLength={FLOOD_EVENT_NOTE_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 6 }}
        />
      </Form.Item>
    </FormModal>
  );
}
