import '../area-page.css';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type Area,
  type AreaSettings,
  type AreaSettingsBody,
  DEFAULT_AREA,
  type RegionUnits,
  UNIT_TYPE_LABELS,
  UNIT_TYPES,
} from '@flood/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackOfficeCard } from '../../../components/back-office-card';
import { ApiError } from '../../../lib/api/client';
import { useArea } from '../../../lib/area/use-area';
import { formatDateTime } from '../../../lib/format/date';
import { showFormError } from '../../../lib/forms/zod-form';
import { loadCommuneMap, useCommunes } from '../../warnings';
import { areaKey, fetchRegionUnits, resetArea, saveArea } from '../api/area-api';

const CommuneMap = lazy(loadCommuneMap);
const noop = () => {};

/** The form's name path of a server field ('units.1.code' → ['units', 1, 'code']). */
const namePath = (field: string) => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/**
 * /system/area (#26 point 1): the area the portal serves — its names, operator, units (read from the newest region
 * layer by the properties staff choose) and map view. Saved, every page, SMS, e-mail and CAP message follows at once.
 */
export default function AreaPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'vi';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const area = useArea();
  const [form] = Form.useForm<AreaSettings & { typeProperty?: string }>();
  const [layer, setLayer] = useState<RegionUnits | null>(null);
  const communes = useCommunes();

  // The saved area fills the form (again after a save or another officer's change).
  useEffect(() => {
    form.setFieldsValue(area.settings);
  }, [area.settings, form]);
  // The properties of the current region layer, for the two choices.
  useEffect(() => {
    const { unitCodeProperty, unitNameProperty } = area.settings;
    fetchRegionUnits({ codeProperty: unitCodeProperty, nameProperty: unitNameProperty })
      .then(setLayer)
      .catch(() => setLayer(null));
  }, [area.settings]);

  const read = useMutation({
    mutationFn: () => {
      const v = form.getFieldsValue(['unitCodeProperty', 'unitNameProperty', 'typeProperty']) as Record<
        string,
        string | undefined
      >;
      return fetchRegionUnits({
        codeProperty: v.unitCodeProperty ?? '',
        nameProperty: v.unitNameProperty ?? '',
        ...(v.typeProperty ? { typeProperty: v.typeProperty } : {}),
      });
    },
    onSuccess: (found) => {
      setLayer(found);
      if (found.units.length === 0) {
        void message.warning(t('area.fromLayerNone'));
        return;
      }
      form.setFieldValue('units', found.units);
      void message.success(t('area.fromLayerDone', { count: found.units.length }));
    },
    onError: (error) => showFormError(form, error, (text) => void message.error(text), t('errors.generic')),
  });

  const save = useMutation({
    mutationFn: (body: AreaSettingsBody) => saveArea(body),
    onSuccess: (saved: Area) => {
      queryClient.setQueryData(areaKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['communes'] });
      void message.success(t('area.saved'));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.body.fields?.length) {
        form.setFields(error.body.fields.map((f) => ({ name: namePath(f.field) as never, errors: [f.message] })));
        return;
      }
      showFormError(form, error, (text) => void message.error(text), t('errors.generic'));
    },
  });

  const reset = useMutation({
    mutationFn: resetArea,
    onSuccess: (saved: Area) => {
      queryClient.setQueryData(areaKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['communes'] });
      void message.success(t('area.resetDone'));
    },
    onError: (error) => showFormError(form, error, (text) => void message.error(text), t('errors.generic')),
  });

  const properties = (layer?.properties ?? []).map((p) => ({ value: p, label: p }));
  const centreFromBounds = () => {
    if (!area.bounds) return;
    const [[s, w], [n, e]] = area.bounds;
    const r5 = (v: number) => Math.round(v * 1e5) / 1e5;
    form.setFieldValue('center', { lat: r5((s + n) / 2), lng: r5((w + e) / 2) });
  };
  const number = (label: string, name: (string | number)[], min: number, max: number, step: number) => (
    <Form.Item label={label} name={name} rules={[{ required: true }]}>
      <InputNumber min={min} max={max} step={step} decimalSeparator="," style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <BackOfficeCard title={t('page.area')}>
      <Typography.Paragraph>{t('area.intro')}</Typography.Paragraph>
      {area.isDefault && <Alert type="info" showIcon className="area-note" title={t('area.defaultNote')} />}
      {area.updatedAt && (
        <Typography.Paragraph type="secondary">
          {t('area.lastSaved', { at: formatDateTime(area.updatedAt) })}
        </Typography.Paragraph>
      )}
      <Form<AreaSettings & { typeProperty?: string }>
        form={form}
        layout="vertical"
        initialValues={DEFAULT_AREA}
        onFinish={({ typeProperty: _chosen, ...values }: AreaSettings & { typeProperty?: string }) =>
          save.mutate({ ...area.settings, ...values })
        }
        className="area-form"
      >
        <Card size="small" title={t('area.names')} className="area-section">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label={t('area.portalName')} name="portalName" extra={t('area.portalNameHelp')}>
                <Input maxLength={120} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('area.portalNameEn')} name="portalNameEn">
                <Input maxLength={120} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('area.areaName')} name="areaName" extra={t('area.areaNameHelp')}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('area.areaNameEn')} name="areaNameEn">
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label={t('area.shortName')} name="shortName" extra={t('area.shortNameHelp')}>
                <Input maxLength={24} />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item label={t('area.province')} name="province">
                <Input maxLength={60} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('area.operator')} name="operator" extra={t('area.operatorHelp')}>
                <Input maxLength={160} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('area.operatorEn')} name="operatorEn">
                <Input maxLength={160} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card size="small" title={t('area.units')} className="area-section">
          <Typography.Paragraph type="secondary">{t('area.unitsHelp')}</Typography.Paragraph>
          <Typography.Paragraph data-testid="area-region-file">
            {layer?.file ? t('area.regionFile', { name: layer.file }) : t('area.noRegionFile')}
          </Typography.Paragraph>
          <Row gutter={16} align="bottom">
            <Col xs={24} md={6}>
              <Form.Item label={t('area.codeProperty')} name="unitCodeProperty">
                <Select showSearch options={properties} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item label={t('area.nameProperty')} name="unitNameProperty">
                <Select showSearch options={properties} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item label={t('area.typeProperty')} name="typeProperty">
                <Select allowClear showSearch options={properties} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item>
                <Button onClick={() => read.mutate()} loading={read.isPending} disabled={!layer?.file}>
                  {t('area.fromLayer')}
                </Button>
              </Form.Item>
            </Col>
          </Row>
          {read.data && read.data.skipped.length > 0 && (
            <Alert
              type="warning"
              showIcon
              className="area-note"
              title={
                <ul className="area-skipped">
                  {read.data.skipped.slice(0, 10).map((s) => (
                    <li key={s.feature}>{t('area.skipped', s)}</li>
                  ))}
                </ul>
              }
            />
          )}
          {area.unitsWithoutBoundary.length > 0 && (
            <Alert
              type="warning"
              showIcon
              className="area-note"
              title={t('area.withoutBoundary', { codes: area.unitsWithoutBoundary.join(', ') })}
            />
          )}
          <Form.List name="units">
            {(fields, { add, remove }) => (
              <div className="area-units" data-testid="area-units">
                {fields.map((field, i) => (
                  <Space key={field.key} align="start" wrap className="area-unit">
                    <Form.Item
                      label={i === 0 ? t('area.code') : undefined}
                      name={[field.name, 'code']}
                      rules={[{ required: true }]}
                    >
                      <Input maxLength={12} aria-label={t('area.code')} className="area-unit-code" />
                    </Form.Item>
                    <Form.Item
                      label={i === 0 ? t('area.unitName') : undefined}
                      name={[field.name, 'name']}
                      rules={[{ required: true }]}
                    >
                      <Input maxLength={100} aria-label={t('area.unitName')} className="area-unit-name" />
                    </Form.Item>
                    <Form.Item label={i === 0 ? t('area.type') : undefined} name={[field.name, 'type']}>
                      <Select
                        aria-label={t('area.type')}
                        className="area-unit-type"
                        options={UNIT_TYPES.map((u) => ({ value: u, label: UNIT_TYPE_LABELS[u][lang] }))}
                      />
                    </Form.Item>
                    <Form.Item label={i === 0 ? ' ' : undefined}>
                      <Button
                        icon={<DeleteOutlined />}
                        aria-label={t('area.removeUnit', { name: form.getFieldValue(['units', field.name, 'name']) })}
                        onClick={() => remove(field.name)}
                        disabled={fields.length <= 1}
                      />
                    </Form.Item>
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ code: '', name: '', type: 'XA' })}>
                  {t('area.addUnit')}
                </Button>
              </div>
            )}
          </Form.List>
          <Form.Item label={t('area.layoutNote')} name="layoutNote" extra={t('area.layoutNoteHelp')}>
            <Input maxLength={160} />
          </Form.Item>
          {communes.data && communes.data.length > 0 && (
            <div className="area-preview">
              <Typography.Text strong>{t('area.preview')}</Typography.Text>
              <Suspense fallback={null}>
                <CommuneMap
                  communes={communes.data}
                  mode="communes"
                  selected={communes.data.map((c) => c.gsoCode)}
                  onToggle={noop}
                  polygon={null}
                  onPolygon={noop}
                  disabled
                />
              </Suspense>
            </div>
          )}
        </Card>

        <Card size="small" title={t('area.map')} className="area-section">
          <Row gutter={16} align="bottom">
            <Col xs={12} md={6}>
              {number(t('area.lat'), ['center', 'lat'], -90, 90, 0.001)}
            </Col>
            <Col xs={12} md={6}>
              {number(t('area.lng'), ['center', 'lng'], -180, 180, 0.001)}
            </Col>
            <Col xs={12} md={4}>
              {number(t('area.zoom'), ['zoom'], 5, 18, 1)}
            </Col>
            <Col xs={12} md={8}>
              <Form.Item>
                <Button onClick={centreFromBounds} disabled={!area.bounds}>
                  {t('area.centreFromBounds')}
                </Button>
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="area-save">
            {t('area.save')}
          </Button>
          {!area.isDefault && (
            <Popconfirm title={t('area.resetConfirm')} onConfirm={() => reset.mutate()} okText={t('area.reset')}>
              <Button loading={reset.isPending} data-testid="area-reset">
                {t('area.reset')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      </Form>
    </BackOfficeCard>
  );
}
