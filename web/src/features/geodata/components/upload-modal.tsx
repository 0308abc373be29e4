import { InboxOutlined } from '@ant-design/icons';
import {
  acceptedExtensions,
  CRS_CHOICE_TEXT,
  CRS_CHOICES,
  type CrsChoice,
  GEODATA_FILE_TYPES,
  GEODATA_TYPE_INFO,
  type GeodataFileType,
  type GeodataItem,
  IMAGE_MAX_BYTES,
  QUANG_NINH_MERIDIAN,
  WORKBOOK_MAX_BYTES,
} from '@flood/domain';
import { useMutation } from '@tanstack/react-query';
import { App, Checkbox, DatePicker, Form, InputNumber, Progress, Select, Typography, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { ApiError } from '../../../lib/api/client';
import { showFormError } from '../../../lib/forms/zod-form';
import { uploadGeodata } from '../api/geodata-api';
import { districtPickToUtcIso, geodataTypeLabel } from './geodata-labels';

interface UploadValues {
  type?: GeodataFileType;
  time?: Dayjs | null;
  file?: File | null;
  crs?: CrsChoice;
  meridian?: number | null;
  repair?: boolean;
}

const MB = 1024 * 1024;

/** The size the web refuses before sending (GeoJSON's limit is the server's setting: it answers 413). */
function clientLimit(type: GeodataFileType): number | null {
  const content = GEODATA_TYPE_INFO[type].content;
  if (content === 'image') return IMAGE_MAX_BYTES;
  if (content === 'workbook') return WORKBOOK_MAX_BYTES;
  return null;
}

function hasExtension(name: string, extensions: string[]): boolean {
  const lower = name.toLowerCase();
  return extensions.some((ext) => lower.endsWith(ext));
}

/** The file picker of the form (one file, kept in the form; nothing is sent until 'Tải lên'). */
function FilePicker({
  value,
  onChange,
  accept,
  disabled,
}: {
  value?: File | null;
  onChange?: (file: File | null) => void;
  accept: string[] | null;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Upload.Dragger
      accept={accept?.join(',')}
      maxCount={1}
      multiple={false}
      disabled={disabled}
      fileList={value ? [{ uid: 'file', name: value.name, size: value.size, status: 'done' }] : []}
      beforeUpload={(picked) => {
        onChange?.(picked);
        return false;
      }}
      onRemove={() => {
        onChange?.(null);
        return true;
      }}
      data-testid="geodata-file"
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{t('geodata.drop')}</p>
      <p className="ant-upload-hint">
        {accept ? t('geodata.accept', { extensions: accept.join(', ') }) : t('geodata.chooseTypeFirst')}
      </p>
    </Upload.Dragger>
  );
}

export interface UploadModalProps {
  open: boolean;
  /** The folder the file goes into (null = the root). */
  parentId: number | null;
  onClose: () => void;
  /** Called after a successful upload (the page reloads its list 200 ms later). */
  onUploaded: (item: GeodataItem) => void;
}

/**
 * 'Thêm tệp dữ liệu': type, time (district clock, for timed types) and file, sent with a progress bar.
 * A refused upload keeps every value and shows the server's message under the field it names.
 */
export function UploadModal({ open, parentId, onClose, onUploaded }: UploadModalProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<UploadValues>();
  const [percent, setPercent] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const type = Form.useWatch('type', form);
  const timed = type ? GEODATA_TYPE_INFO[type].timed : false;
  const accept = type ? acceptedExtensions(type) : null;
  // Map layers (#26 point 5): the file's coordinate system and the repair of its polygons.
  const layer = type ? GEODATA_TYPE_INFO[type].content === 'geojson' : false;
  const crs = Form.useWatch('crs', form);

  const mutation = useMutation({
    mutationFn: async (values: UploadValues) => {
      const controller = new AbortController();
      abort.current = controller;
      setPercent(0);
      const fileType = values.type!;
      return uploadGeodata(
        {
          type: fileType,
          time: GEODATA_TYPE_INFO[fileType].timed && values.time ? districtPickToUtcIso(values.time) : undefined,
          parentId,
          ...(GEODATA_TYPE_INFO[fileType].content === 'geojson'
            ? { crs: values.crs, meridian: values.meridian ?? undefined, repair: values.repair === true }
            : {}),
        },
        values.file!,
        setPercent,
        controller.signal,
      );
    },
    onSuccess: (item) => {
      setPercent(null);
      void message.success(t('geodata.uploaded'));
      onUploaded(item);
      onClose();
    },
    onError: (error) => {
      setPercent(null);
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (error instanceof ApiError && error.status === 413) {
        form.setFields([{ name: 'file', errors: [error.body.message] }]);
        return;
      }
      // The server names 'file', 'type' or 'time' (e.g. the JSON path of a GeoJSON problem): under that field.
      const shown = new Set<string>(['type', 'file', ...(timed ? ['time'] : []), ...(layer ? ['crs', 'repair'] : [])]);
      const fields = error instanceof ApiError ? (error.body.fields ?? []).filter((f) => shown.has(f.field)) : [];
      if (fields.length) {
        const byField = new Map<string, string[]>();
        for (const f of fields) byField.set(f.field, [...(byField.get(f.field) ?? []), f.message]);
        form.setFields([...byField].map(([name, errors]) => ({ name: name as keyof UploadValues, errors })));
        return;
      }
      showFormError(form, error, (text) => void message.error(text), t('errors.generic'), {
        showMessageOf: ['VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
      });
    },
    onSettled: () => {
      abort.current = null;
    },
  });

  const close = () => {
    abort.current?.abort();
    setPercent(null);
    onClose();
  };

  const typeOptions = GEODATA_FILE_TYPES.map((value) => ({ value, label: geodataTypeLabel(value, i18n.language) }));

  return (
    <FormModal<UploadValues>
      open={open}
      title={t('geodata.addFile')}
      onClose={close}
      form={form}
      onFinish={(values) => mutation.mutate(values)}
      loading={mutation.isPending}
      submitTestId="upload-submit"
      submitText={t('geodata.upload')}
      modalTestId="upload-modal"
      width={560}
      initialValues={{
        type: undefined,
        time: null,
        file: null,
        crs: 'auto',
        meridian: QUANG_NINH_MERIDIAN,
        repair: false,
      }}
      onValuesChange={(changed) => {
        // Another type accepts other files: check the picked one again.
        if (changed.type && form.getFieldValue('file')) void form.validateFields(['file']).catch(() => {});
      }}
    >
      <Form.Item
        label={t('geodata.type')}
        name="type"
        htmlFor="geodata-type"
        required
        rules={[{ required: true, message: t('form.requiredGeneric') }]}
      >
        <Select
          id="geodata-type"
          placeholder={t('geodata.typePlaceholder')}
          options={typeOptions}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="geodata-type"
        />
      </Form.Item>
      {timed && (
        <Form.Item
          label={t('geodata.time')}
          name="time"
          htmlFor="geodata-time"
          required
          extra={t('geodata.timeHelp')}
          rules={[{ required: true, message: t('form.requiredGeneric') }]}
        >
          <DatePicker
            id="geodata-time"
            showTime={{ format: 'HH:mm' }}
            format="DD/MM/YYYY HH:mm"
            placeholder={t('geodata.timePlaceholder')}
            style={{ width: '100%' }}
            data-testid="geodata-time"
          />
        </Form.Item>
      )}
      <Form.Item
        label={t('geodata.file')}
        name="file"
        required
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: File | null | undefined) => {
              if (!value) throw new Error(t('geodata.fileRequired'));
              const picked: GeodataFileType | undefined = getFieldValue('type');
              if (!picked) return;
              const extensions = acceptedExtensions(picked);
              if (!hasExtension(value.name, extensions))
                throw new Error(t('geodata.badExtension', { extensions: extensions.join(', ') }));
              const limit = clientLimit(picked);
              if (limit !== null && value.size > limit)
                throw new Error(t('geodata.tooLarge', { mb: Math.round(limit / MB) }));
            },
          }),
        ]}
      >
        <FilePicker accept={accept} disabled={mutation.isPending} />
      </Form.Item>
      {layer && (
        <Form.Item label={t('geodata.crs')} name="crs" htmlFor="geodata-crs" extra={t('geodata.crsHelp')}>
          <Select
            id="geodata-crs"
            options={CRS_CHOICES.map((value) => ({
              value,
              label: CRS_CHOICE_TEXT[value][i18n.language === 'en' ? 'en' : 'vi'],
            }))}
            data-testid="geodata-crs"
          />
        </Form.Item>
      )}
      {layer && crs === 'vn2000-tm3' && (
        <Form.Item
          label={t('geodata.meridian')}
          name="meridian"
          htmlFor="geodata-meridian"
          extra={t('geodata.meridianHelp')}
          rules={[{ required: true, message: t('form.requiredGeneric') }]}
        >
          <InputNumber<number>
            id="geodata-meridian"
            min={102}
            max={109}
            step={0.25}
            decimalSeparator={i18n.language === 'en' ? '.' : ','}
            style={{ width: '100%' }}
            data-testid="geodata-meridian"
          />
        </Form.Item>
      )}
      {layer && (
        <Form.Item name="repair" valuePropName="checked">
          <Checkbox data-testid="geodata-repair">{t('geodata.repair')}</Checkbox>
        </Form.Item>
      )}
      {percent !== null && (
        <div data-testid="upload-progress">
          <Typography.Text type="secondary">{t('geodata.uploading')}</Typography.Text>
          <Progress percent={percent} status="active" aria-label={t('geodata.progress')} />
        </div>
      )}
    </FormModal>
  );
}
