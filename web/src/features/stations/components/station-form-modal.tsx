import { CopyOutlined, KeyOutlined } from '@ant-design/icons';
import {
  cmToM,
  mToCm,
  type Station,
  type StationBody,
  StationBodySchema,
  type StationDetail,
  stationKind,
  TEXT_MAX,
  unitFullName,
} from '@flood/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Select, Skeleton, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormModal } from '../../../components/form-modal';
import { ApiError } from '../../../lib/api/client';
import { apiErrorText } from '../../../lib/api/error-message';
import { useArea } from '../../../lib/area/use-area';
import { applyFieldErrors, parseForm, showFormError, zodRule } from '../../../lib/forms/zod-form';
import { waterKeys } from '../api/readings-api';
import { createStation, fetchStation, regeneratePushKey, stationsKeys, updateStation } from '../api/stations-api';

/** The form's values: coordinates as typed, warning levels in METRES (stored in centimetres). */
export interface StationValues {
  code: string;
  name: string;
  description: string;
  lat: number | null;
  long: number | null;
  warningLevel1: number | null;
  warningLevel2: number | null;
  warningLevel3: number | null;
  warningLowWater: number | null;
  /** The unit staff chose; '' or absent: by position (#26). */
  unitCode?: string | null;
}

const LEVEL_FIELDS = ['warningLevel1', 'warningLevel2', 'warningLevel3', 'warningLowWater'] as const;

const metresToCm = (m: unknown): number | null => (typeof m === 'number' && Number.isFinite(m) ? mToCm(m) : null);

/** The request body of the form: levels converted to centimetres, and none at all for a rain station. */
export function stationBodyOf(values: Partial<StationValues>): StationBody {
  const water = stationKind(values.code ?? '') === 'water';
  return {
    code: values.code ?? '',
    name: values.name ?? '',
    description: values.description ?? '',
    lat: values.lat ?? '',
    long: values.long ?? '',
    warningLevel1: water ? metresToCm(values.warningLevel1) : null,
    warningLevel2: water ? metresToCm(values.warningLevel2) : null,
    warningLevel3: water ? metresToCm(values.warningLevel3) : null,
    warningLowWater: water ? metresToCm(values.warningLowWater) : null,
    unitCode: values.unitCode || null,
  };
}

/** The domain's station rules applied to the form (metres → centimetres first); issues keep the field names. */
const StationFormSchema = z.preprocess((v) => stationBodyOf((v ?? {}) as Partial<StationValues>), StationBodySchema);

const cmToMetres = (cm: number | null | undefined) => (cm === null || cm === undefined ? null : cmToM(cm));

/** Decimal comma or point: '1,25' and '1.25' are both 1.25 m. */
const parseDecimal = (text: string | undefined) => (text ?? '').replace(/\s/g, '').replace(',', '.');

/** The example push call a data logger makes, shown under the key. */
export function pushUrlExample(origin: string, code: string, key: string): string {
  const path = stationKind(code) === 'rain' ? 'receive-rain' : 'receive-water-level';
  const params = new URLSearchParams({ stationCode: code, date: 'DD/MM/YYYY', hour: 'HH', minute: 'mm' });
  params.set('value', stationKind(code) === 'rain' ? '2,5' : '125');
  params.set('key', key);
  return `${origin}/api/${path}?${params.toString().replaceAll('%2F', '/').replaceAll('%2C', ',')}`;
}

export interface StationFormModalProps {
  open: boolean;
  /** The station being edited, or null to create one. */
  station: Station | null;
  onClose: () => void;
}

/**
 * 'Thêm trạm' / 'Cập nhật trạm'. Warning levels appear only for water stations (code with F01, as the user
 * types) and are typed in metres; editing also shows the station's push key and lets staff issue a new one.
 */
export function StationFormModal({ open, station, onClose }: StationFormModalProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<StationValues>();
  const code = Form.useWatch('code', form) ?? station?.code ?? '';
  const isWater = stationKind(code) === 'water';
  const { units } = useArea().settings;

  const detail = useQuery({
    queryKey: stationsKeys.detail(station?.id ?? 0),
    queryFn: () => fetchStation(station!.id),
    enabled: open && station !== null,
  });

  const save = useMutation({
    mutationFn: (body: StationBody) => (station ? updateStation(station.id, body) : createStation(body)),
    onSuccess: (saved) => {
      queryClient.setQueryData(stationsKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: stationsKeys.all });
      void queryClient.invalidateQueries({ queryKey: waterKeys.all });
      void message.success(t(station ? 'stations.updateSuccess' : 'stations.createSuccess'));
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'CONFLICT' && applyFieldErrors(form, error.body.fields)) return;
      showFormError(form, error, (text) => void message.error(text), t('errors.generic'), {
        showMessageOf: ['CONFLICT', 'NOT_FOUND'],
      });
    },
  });

  const regenerate = useMutation({
    mutationFn: (id: number) => regeneratePushKey(id),
    onSuccess: (saved: StationDetail) => {
      queryClient.setQueryData(stationsKeys.detail(saved.id), saved);
      void message.success(t('stations.keyRegenerated'));
    },
    onError: (error) => {
      const text = apiErrorText(error, t('errors.generic'), ['NOT_FOUND']);
      if (text) void message.error(text);
    },
  });

  const confirmRegenerate = () => {
    if (!station) return;
    modal.confirm({
      title: t('stations.regenerateTitle'),
      content: t('stations.regenerateContent'),
      okText: t('stations.regenerateKey'),
      okButtonProps: { 'data-testid': 'station-regenerate-ok' },
      cancelText: t('common.cancel'),
      centered: true,
      onOk: async () => {
        try {
          await regenerate.mutateAsync(station.id);
        } catch {
          // toasted by onError
        }
      },
    });
  };

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      void message.success(t('stations.copied'));
    } catch {
      void message.error(t('stations.copyFailed'));
    }
  };

  const onFinish = (values: StationValues) => {
    const body = parseForm(form, StationFormSchema, values, t);
    if (body) save.mutate(body);
  };

  const rule = (field: keyof StationValues) => [zodRule(StationFormSchema, field, t)];
  const pushKey = detail.data?.pushKey;
  const pushUrl = pushKey ? pushUrlExample(window.location.origin, detail.data?.code ?? code, pushKey) : '';

  const levelInput = (field: (typeof LEVEL_FIELDS)[number], id: string, label: string) => (
    <Form.Item
      key={field}
      label={label}
      name={field}
      htmlFor={id}
      rules={rule(field)}
      dependencies={LEVEL_FIELDS.filter((f) => f !== field)}
    >
      <InputNumber<number>
        id={id}
        step={0.01}
        min={-100}
        max={1000}
        decimalSeparator=","
        parser={(text) => Number(parseDecimal(text))}
        inputMode="decimal"
        suffix="m"
      />
    </Form.Item>
  );

  return (
    <FormModal<StationValues>
      open={open}
      title={t(station ? 'stations.editTitle' : 'stations.createTitle')}
      onClose={onClose}
      form={form}
      onFinish={onFinish}
      loading={save.isPending}
      submitTestId="station-submit"
      modalTestId="station-modal"
      width={640}
      initialValues={{
        code: station?.code ?? '',
        name: station?.name ?? '',
        description: station?.description ?? '',
        lat: station?.lat ?? null,
        long: station?.long ?? null,
        warningLevel1: cmToMetres(station?.warningLevel1),
        warningLevel2: cmToMetres(station?.warningLevel2),
        warningLevel3: cmToMetres(station?.warningLevel3),
        warningLowWater: cmToMetres(station?.warningLowWater),
        unitCode: station?.unitOverride ?? '',
      }}
    >
      <Form.Item
        label={t('stations.code')}
        name="code"
        htmlFor="station-code"
        required
        rules={rule('code')}
        extra={t('stations.codeHelp')}
      >
        <Input id="station-code" autoComplete="off" maxLength={64} />
      </Form.Item>
      <Form.Item label={t('stations.name')} name="name" htmlFor="station-name" required rules={rule('name')}>
        <Input id="station-name" autoComplete="off" maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item
        label={t('stations.description')}
        name="description"
        htmlFor="station-description"
        required
        rules={rule('description')}
      >
        <Input.TextArea id="station-description" autoSize={{ minRows: 2, maxRows: 4 }} maxLength={TEXT_MAX} />
      </Form.Item>
      <div className="coordinate-grid">
        <Form.Item label={t('stations.lat')} name="lat" htmlFor="station-lat" required rules={rule('lat')}>
          <InputNumber<number>
            id="station-lat"
            step={0.000001}
            min={-90}
            max={90}
            parser={(text) => Number(parseDecimal(text))}
            inputMode="decimal"
          />
        </Form.Item>
        <Form.Item label={t('stations.long')} name="long" htmlFor="station-long" required rules={rule('long')}>
          <InputNumber<number>
            id="station-long"
            step={0.000001}
            min={-180}
            max={180}
            parser={(text) => Number(parseDecimal(text))}
            inputMode="decimal"
          />
        </Form.Item>
      </div>
      <Form.Item
        label={t('stations.unit')}
        name="unitCode"
        htmlFor="station-unit"
        extra={t('stations.unitHelp')}
        rules={rule('unitCode')}
      >
        <Select
          id="station-unit"
          options={[
            { value: '', label: t('stations.unitByPosition') },
            ...units.map((u) => ({ value: u.code, label: `${unitFullName(u)} (${u.code})` })),
          ]}
        />
      </Form.Item>
      {isWater && (
        <div className="level-grid" data-testid="station-levels">
          {levelInput('warningLevel1', 'station-level1', t('stations.level1'))}
          {levelInput('warningLevel2', 'station-level2', t('stations.level2'))}
          {levelInput('warningLevel3', 'station-level3', t('stations.level3'))}
          {levelInput('warningLowWater', 'station-low', t('stations.lowWater'))}
        </div>
      )}
      {station && (
        <Form.Item label={t('stations.pushKey')} htmlFor="station-push-key" extra={t('stations.pushKeyHelp')}>
          {detail.isPending ? (
            <Skeleton.Input active block size="small" />
          ) : (
            <>
              <Space.Compact block>
                <Input id="station-push-key" data-testid="station-push-key" value={pushKey ?? ''} readOnly />
                <Tooltip title={t('stations.copy')}>
                  <Button
                    icon={<CopyOutlined />}
                    aria-label={t('stations.copy')}
                    onClick={() => pushKey && void copy(pushKey)}
                    disabled={!pushKey}
                    data-testid="station-copy-key"
                  />
                </Tooltip>
                <Button
                  icon={<KeyOutlined />}
                  onClick={confirmRegenerate}
                  loading={regenerate.isPending}
                  data-testid="station-regenerate-key"
                >
                  {t('stations.regenerateKey')}
                </Button>
              </Space.Compact>
              {pushUrl && (
                <div style={{ marginTop: 8 }}>
                  <Typography.Text type="secondary">{t('stations.pushUrl')}</Typography.Text>
                  <Typography.Paragraph
                    className="push-url"
                    code
                    copyable={{ text: pushUrl }}
                    data-testid="station-push-url"
                    style={{ marginBottom: 0 }}
                  >
                    {pushUrl}
                  </Typography.Paragraph>
                  <Typography.Text type="secondary" data-testid="station-push-unit">
                    {t(
                      stationKind(detail.data?.code ?? code) === 'rain'
                        ? 'stations.pushUnitRain'
                        : 'stations.pushUnitWater',
                    )}
                  </Typography.Text>
                </div>
              )}
            </>
          )}
        </Form.Item>
      )}
    </FormModal>
  );
}
