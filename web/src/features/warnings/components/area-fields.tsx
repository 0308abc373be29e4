import { Form, type FormInstance, type FormRule, Radio, Select, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommunes } from '../api/warnings-api';
import type { Ring, WarningValues } from '../model/warning-form';

/** The map loads with Leaflet when the composer opens (the back office's other pages do not need it). */
const CommuneMap = lazy(() => import('./commune-map'));

/** Shows the drawn area's size in corners; the ring itself is drawn on the map. */
function PolygonSummary({ id, value }: { id?: string; value?: Ring | null }) {
  const { t } = useTranslation();
  return (
    <Typography.Text id={id} type={value ? undefined : 'secondary'} data-testid="warning-polygon-summary">
      {value ? t('warningAdmin.polygonPoints', { count: value.length - 1 }) : t('warningAdmin.noPolygon')}
    </Typography.Text>
  );
}

export interface AreaFieldsProps {
  form: FormInstance<WarningValues>;
  rule: (field: keyof WarningValues) => FormRule;
  disabled: boolean;
}

/**
 * Where the warning applies: 'Chọn xã' (a multi-select of the communes, and the map, where a click chooses or leaves
 * out a commune) or 'Vẽ vùng trên bản đồ' (a ring drawn on the map); never both.
 */
export function AreaFields({ form, rule, disabled }: AreaFieldsProps) {
  const { t } = useTranslation();
  const communes = useCommunes();
  const mode = Form.useWatch('areaMode', form) ?? 'communes';
  const selected = Form.useWatch('communes', form) ?? [];
  const polygon = Form.useWatch('polygon', form) ?? null;

  const set = (name: 'communes' | 'polygon', value: string[] | Ring | null) => {
    form.setFieldValue(name, value);
    void form.validateFields([name]).catch(() => {});
  };
  const toggle = (code: string) => {
    const now: string[] = form.getFieldValue('communes') ?? [];
    set('communes', now.includes(code) ? now.filter((c) => c !== code) : [...now, code]);
  };

  return (
    <fieldset className="warning-area-fields">
      <Form.Item label={t('warningAdmin.areaMode')} name="areaMode">
        <Radio.Group
          optionType="button"
          data-testid="warning-area-mode"
          options={[
            { value: 'communes', label: t('warningAdmin.areaCommunes') },
            { value: 'polygon', label: t('warningAdmin.areaPolygon') },
          ]}
        />
      </Form.Item>
      {mode === 'communes' ? (
        <Form.Item
          label={t('warningAdmin.communes')}
          name="communes"
          htmlFor="warning-communes"
          required
          rules={[rule('communes')]}
        >
          <Select
            id="warning-communes"
            mode="multiple"
            allowClear
            loading={communes.isLoading}
            placeholder={t('warningAdmin.communesPlaceholder')}
            optionFilterProp="label"
            options={(communes.data ?? []).map((c) => ({ value: c.gsoCode, label: c.name }))}
            data-testid="warning-communes"
          />
        </Form.Item>
      ) : (
        <Form.Item label={t('warningAdmin.polygon')} name="polygon" required rules={[rule('polygon')]}>
          <PolygonSummary />
        </Form.Item>
      )}
      <Suspense fallback={<div className="warning-map-loading" />}>
        <CommuneMap
          communes={communes.data ?? []}
          mode={mode}
          selected={selected}
          onToggle={toggle}
          polygon={polygon}
          onPolygon={(ring) => set('polygon', ring)}
          disabled={disabled}
        />
      </Suspense>
    </fieldset>
  );
}
