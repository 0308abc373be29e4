import {
  DATA_LAYER_STATUSES,
  DATA_LAYER_SYMBOLS,
  type DataLayer,
  type DataLayerBody,
  DataLayerBodySchema,
  TEXT_MAX,
} from '@flood/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, type FormRule, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { parseForm, showFormError, zodRule } from '../../../lib/forms/zod-form';
import { createDataLayer, dataLayersKeys, updateDataLayer } from '../api/data-layers-api';
import { SymbolPicker } from './layer-symbol';

interface DataLayerValues {
  name: string;
  enabled: boolean;
  symbol: { icon: string; color: string };
}

export interface DataLayerFormModalProps {
  open: boolean;
  /** The layer being edited, or null to add one. */
  layer: DataLayer | null;
  onClose: () => void;
}

// antd selects hold strings: the status travels as 'on'/'off' inside the select, as a boolean in the form.
const statusKey = (enabled: boolean) => (enabled ? 'on' : 'off');

/**
 * 'Thêm lớp dữ liệu' / 'Cập nhật lớp dữ liệu': name (required, max 255), status Bật/Tắt and the symbol;
 * a new layer starts on, with the first symbol (back-office §4).
 */
export function DataLayerFormModal({ open, layer, onClose }: DataLayerFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DataLayerValues>();

  const mutation = useMutation({
    mutationFn: (body: DataLayerBody) => (layer ? updateDataLayer(layer.id, body) : createDataLayer(body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: dataLayersKeys.all });
      void message.success(t(layer ? 'dataLayers.updateSuccess' : 'dataLayers.createSuccess'));
      onClose();
    },
    onError: (error) =>
      showFormError(form, error, (text) => void message.error(text), t('errors.generic'), {
        showMessageOf: ['NOT_FOUND'],
      }),
  });

  const onFinish = (values: DataLayerValues) => {
    const parsed = parseForm(form, DataLayerBodySchema, values, t);
    if (parsed) mutation.mutate(parsed);
  };

  // The name has its own required text (spec §5); the schema checks the rest.
  const nameRules: FormRule[] = [
    { required: true, whitespace: true, message: t('dataLayers.nameRequired') },
    zodRule(DataLayerBodySchema, 'name', t),
  ];

  return (
    <FormModal<DataLayerValues>
      open={open}
      title={t(layer ? 'dataLayers.editTitle' : 'dataLayers.createTitle')}
      onClose={onClose}
      form={form}
      onFinish={onFinish}
      loading={mutation.isPending}
      submitTestId="layer-submit"
      modalTestId="layer-modal"
      width={560}
      initialValues={{
        name: layer?.name ?? '',
        enabled: layer?.enabled ?? DATA_LAYER_STATUSES[0],
        symbol: layer?.symbol ?? { ...DATA_LAYER_SYMBOLS[0] },
      }}
    >
      <Form.Item label={t('dataLayers.name')} name="name" htmlFor="layer-name" rules={nameRules} validateFirst>
        <Input id="layer-name" autoComplete="off" maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item
        label={t('dataLayers.status')}
        name="enabled"
        htmlFor="layer-enabled"
        getValueProps={(enabled: boolean) => ({ value: statusKey(enabled) })}
        normalize={(key: string) => key === 'on'}
        rules={[zodRule(DataLayerBodySchema, 'enabled', t)]}
      >
        <Select
          id="layer-enabled"
          options={DATA_LAYER_STATUSES.map((enabled) => ({
            value: statusKey(enabled),
            label: t(enabled ? 'dataLayers.on' : 'dataLayers.off'),
          }))}
        />
      </Form.Item>
      <Form.Item
        label={t('dataLayers.symbol')}
        name="symbol"
        getValueProps={(symbol: DataLayerValues['symbol'] | undefined) => ({ value: symbol?.icon })}
        normalize={(icon: string) => DATA_LAYER_SYMBOLS.find((s) => s.icon === icon) ?? { icon, color: '' }}
        rules={[zodRule(DataLayerBodySchema, 'symbol', t)]}
      >
        <SymbolPicker id="layer-symbol" aria-label={t('dataLayers.symbol')} />
      </Form.Item>
    </FormModal>
  );
}
