import {
  DAMAGE_DATE_REQUIRED,
  DAMAGE_FIELDS,
  DAMAGE_TOASTS,
  type Damage,
  type DamageBody,
  type DamageType,
  parseDateVi,
  TEXT_MAX,
} from '@flood/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../components/form-modal';
import { toDateVi } from '../../../../lib/format/date';
import { showFormError } from '../../../../lib/forms/zod-form';
import { createDamage, damageKeys, updateDamage } from '../../api/damage-api';
import { floodEventsKeys } from '../../api/flood-events-api';

export const DAMAGE_DATE_FORMAT = 'DD/MM/YYYY';

interface DamageValues {
  date: Dayjs | null;
  data: Record<string, string | undefined>;
}

/** A stored DD/MM/YYYY as a picker value (that day, on the picker's calendar). */
export function damageDatePick(date: string): Dayjs | null {
  const d = parseDateVi(date);
  return d ? dayjs(new Date(d.year, d.month - 1, d.day)) : null;
}

/** The form's values as the save body: the day as DD/MM/YYYY, every field of the type trimmed, empty = null. */
export function damageBody(type: DamageType, values: DamageValues): DamageBody {
  const data = Object.fromEntries(DAMAGE_FIELDS[type].map((f) => [f.key, values.data?.[f.key]?.trim() || null]));
  return { type, date: values.date ? toDateVi(values.date) : '', data } as DamageBody;
}

/** The title of a field in the UI language (the domain holds both). */
export function damageFieldLabel(field: { vi: string; en: string }, language: string): string {
  return language === 'en' ? field.en : field.vi;
}

export interface DamageFormModalProps {
  open: boolean;
  type: DamageType;
  /** The record being edited, or null to add one. */
  record: Damage | null;
  onClose: () => void;
}

/**
 * Add or edit a damage record (back-office §3, §5): the day (DD/MM/YYYY, required so that the record can be
 * sorted and linked to its flood) and the type's fields, free text up to 255 characters, none required.
 */
export function DamageFormModal({ open, type, record, onClose }: DamageFormModalProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DamageValues>();
  const fields = DAMAGE_FIELDS[type];

  const mutation = useMutation({
    mutationFn: (body: DamageBody) => (record ? updateDamage(record.id, body) : createDamage(body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: damageKeys.all });
      void queryClient.invalidateQueries({ queryKey: floodEventsKeys.all });
      void message.success(DAMAGE_TOASTS.saved);
      onClose();
    },
    onError: (error) =>
      showFormError(form, error, (text) => void message.error(text), t('errors.generic'), {
        showMessageOf: ['NOT_FOUND'],
      }),
  });

  const titles = {
    ASSET: record ? 'floodAnalysis.damageAssetEditTitle' : 'floodAnalysis.damageAssetCreateTitle',
    PERSON: record ? 'floodAnalysis.damagePersonEditTitle' : 'floodAnalysis.damagePersonCreateTitle',
  } as const;
  return (
    <FormModal<DamageValues>
      open={open}
      title={t(titles[type])}
      onClose={onClose}
      form={form}
      onFinish={(values) => mutation.mutate(damageBody(type, values))}
      loading={mutation.isPending}
      submitTestId="damage-submit"
      modalTestId="damage-modal"
      width={type === 'ASSET' ? 620 : 480}
      initialValues={{
        date: record ? damageDatePick(record.date) : null,
        data: Object.fromEntries(fields.map((f) => [f.key, record?.data[f.key] ?? ''])),
      }}
    >
      <Form.Item
        label={t('floodAnalysis.damageDate')}
        name="date"
        htmlFor="damage-date"
        rules={[{ required: true, message: DAMAGE_DATE_REQUIRED }]}
      >
        <DatePicker
          id="damage-date"
          format={DAMAGE_DATE_FORMAT}
          placeholder={t('floodAnalysis.datePlaceholder')}
          className="full-width"
          data-testid="damage-date"
        />
      </Form.Item>
      <div className={type === 'ASSET' ? 'damage-field-grid' : 'damage-field-grid damage-field-grid-two'}>
        {fields.map((f) => (
          <Form.Item
            key={f.key}
            label={damageFieldLabel(f, i18n.language)}
            name={['data', f.key]}
            htmlFor={`damage-${f.key}`}
            rules={[{ max: TEXT_MAX, message: t('form.max', { max: TEXT_MAX }) }]}
          >
            <Input id={`damage-${f.key}`} autoComplete="off" maxLength={TEXT_MAX} />
          </Form.Item>
        ))}
      </div>
    </FormModal>
  );
}
