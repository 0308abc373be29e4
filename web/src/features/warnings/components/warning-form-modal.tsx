import {
  type Language,
  WARNING_CHANNEL_LABELS,
  WARNING_CHANNELS,
  WARNING_KIND_LABELS,
  WARNING_KINDS,
  type Warning,
  WarningBodySchema,
} from '@flood/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Collapse, DatePicker, Form, type FormRule, Input, Select, Switch } from 'antd';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { ApiError } from '../../../lib/api/client';
import { utcIsoToDistrictPick } from '../../../lib/format/date';
import { issueMessage, showFormError } from '../../../lib/forms/zod-form';
import { createWarning, editWarning, updatePublishedWarning, warningAdminKeys } from '../api/warning-admin-api';
import { warningsKeys } from '../api/warnings-api';
import {
  formFieldOf,
  initialWarningValues,
  scaleOf,
  severityOptions,
  type WarningValues,
  warningBodyOf,
} from '../model/warning-form';
import { AreaFields } from './area-fields';
import { AttachmentField } from './attachment-field';
import { SeverityField } from './severity-field';

/**
 * The channels' checkboxes as a labelled group. Form.Item marks its control `aria-required`, which a group of
 * checkboxes may not carry (axe: aria-allowed-attr); the asterisk of the label says it, each box is announced.
 */
function ChannelsGroup({ 'aria-required': _required, ...props }: ComponentProps<typeof Checkbox.Group>) {
  return <Checkbox.Group {...props} role="group" className="warning-channels" data-testid="warning-channels" />;
}

/** 'DD/MM/YYYY HH:mm' on the district's clock. */
export const WARNING_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
const NOTE_MAX = 500;

/** What the composer does: a new draft, a draft edited, or a new version of a published warning. */
export type WarningFormMode =
  | { kind: 'create' }
  | { kind: 'edit'; warning: Warning }
  | { kind: 'update'; warning: Warning };

/**
 * A refused save: the server's fields (`warning.` in front for an update, `polygon.3`, `attachmentId`) go under the
 * form's fields; a missing or already published warning is said as the server says it.
 */
function showSaveError(
  form: Parameters<typeof showFormError>[0],
  error: unknown,
  toast: (text: string) => void,
  fallback: string,
) {
  const areaMode = form.getFieldValue('areaMode');
  const mapped =
    error instanceof ApiError && error.body.fields
      ? new ApiError(error.status, {
          ...error.body,
          fields: error.body.fields.map((f) => ({ ...f, field: formFieldOf(f.field, areaMode) })),
        })
      : error;
  showFormError(form, mapped, toast, fallback, { showMessageOf: ['NOT_FOUND', 'CONFLICT'] });
}

export interface WarningFormModalProps {
  open: boolean;
  mode: WarningFormMode;
  onClose: () => void;
}

/**
 * 'Soạn cảnh báo' (#23): kind, area (communes or a drawn ring), severity on the portal's scale or, relaying an
 * official bulletin, on the decision's risk levels with the issuing agency; the texts in Vietnamese (English
 * optional), when it is in force on the district's clock, the channels and the bulletin's PDF. Checked by the
 * domain's schema as it is typed; the server's refusals go under the fields. An update also says what changed.
 */
export function WarningFormModal({ open, mode, onClose }: WarningFormModalProps) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<WarningValues>();
  const [pending, setPending] = useState(0);
  const warning = mode.kind === 'create' ? null : mode.warning;
  const [initial] = useState(() => initialWarningValues(warning, utcIsoToDistrictPick(new Date().toISOString())));

  const mutation = useMutation({
    mutationFn: (values: WarningValues) => {
      const body = warningBodyOf(values);
      if (mode.kind === 'update') return updatePublishedWarning(mode.warning.id, body, values.note?.trim() ?? '');
      if (mode.kind === 'edit') return editWarning(mode.warning.id, body);
      return createWarning(body);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: warningAdminKeys.list });
      void queryClient.invalidateQueries({ queryKey: warningAdminKeys.detail });
      void queryClient.invalidateQueries({ queryKey: warningsKeys.active });
      void message.success(
        t(
          mode.kind === 'update'
            ? 'warningAdmin.updated'
            : mode.kind === 'edit'
              ? 'warningAdmin.saved'
              : 'warningAdmin.created',
        ),
      );
      onClose();
    },
    onError: (error) => showSaveError(form, error, (text) => void message.error(text), t('errors.generic')),
  });

  /** A field checked by the domain's whole-body schema, so the form says exactly what the server would. */
  const rule =
    (field: keyof WarningValues): FormRule =>
    ({ getFieldsValue }) => ({
      validator: async () => {
        const values = getFieldsValue(true) as WarningValues;
        const body = warningBodyOf(values);
        // The schema's checks across fields run once the rest is valid: these two are said at once.
        if ((field === 'communes' || field === 'polygon') && !body.communes?.length && !body.polygon)
          throw new Error(t('warningAdmin.areaRequired'));
        if (field === 'source' && body.severityScale === 'risk' && !body.source)
          throw new Error(t('warningAdmin.sourceRequired'));
        const result = WarningBodySchema.safeParse(body);
        if (result.success) return;
        const issue = result.error.issues.find((i) => formFieldOf(i.path.join('.'), values.areaMode) === field);
        if (issue) throw new Error(issueMessage(issue, t));
      },
    });

  const onFinish = (values: WarningValues) => {
    if (pending > 0) {
      void message.warning(t('warningAdmin.waitUpload'));
      return;
    }
    const result = WarningBodySchema.safeParse(warningBodyOf(values));
    if (!result.success) {
      const byField = new Map<string, string[]>();
      for (const issue of result.error.issues) {
        const name = formFieldOf(issue.path.join('.'), values.areaMode);
        byField.set(name, [...(byField.get(name) ?? []), issueMessage(issue, t)]);
      }
      form.setFields([...byField].map(([name, errors]) => ({ name: name as keyof WarningValues, errors })));
      return;
    }
    mutation.mutate(values);
  };

  const onValuesChange = (changed: Partial<WarningValues>, all: WarningValues) => {
    // Another scale means other words for each number: the officer chooses again. Another kind keeps a level it has.
    if ('relay' in changed) form.setFieldValue('severity', undefined);
    else if ('kind' in changed && all.severity) {
      const max = severityOptions(all.kind, scaleOf(all.relay), lang).length;
      if (all.severity > max) form.setFieldValue('severity', undefined);
    }
  };

  const busy = mutation.isPending;
  const max = (n: number): FormRule => ({ max: n, message: t('form.max', { max: n }) });
  const title =
    mode.kind === 'update'
      ? t('warningAdmin.updateTitle')
      : mode.kind === 'edit'
        ? t('warningAdmin.editTitle')
        : t('warningAdmin.createTitle');

  return (
    <FormModal<WarningValues>
      open={open}
      title={title}
      onClose={onClose}
      form={form}
      onFinish={onFinish}
      onValuesChange={onValuesChange}
      loading={busy}
      submitTestId="warning-submit"
      submitText={mode.kind === 'update' ? t('warningAdmin.saveUpdate') : t('warningAdmin.saveDraft')}
      modalTestId="warning-modal"
      width={960}
      initialValues={initial}
    >
      <div className="warning-form">
        <div className="warning-form-main">
          <Form.Item label={t('warningAdmin.kind')} name="kind" htmlFor="warning-kind" required>
            <Select
              id="warning-kind"
              data-testid="warning-kind"
              options={WARNING_KINDS.map((k) => ({ value: k, label: WARNING_KIND_LABELS[k][lang] }))}
            />
          </Form.Item>
          <Form.Item
            name="relay"
            valuePropName="checked"
            label={t('warningAdmin.relay')}
            htmlFor="warning-relay"
            extra={t('warningAdmin.relayHelp')}
          >
            <Switch id="warning-relay" data-testid="warning-relay" />
          </Form.Item>
          {/* Only this part follows the kind and the switch: the rest of the form is not drawn again. */}
          <Form.Item noStyle shouldUpdate={(a, b) => a.kind !== b.kind || a.relay !== b.relay}>
            {({ getFieldValue }) => {
              const kind = getFieldValue('kind') as WarningValues['kind'];
              const relay = Boolean(getFieldValue('relay'));
              return (
                <>
                  <Form.Item
                    label={t(relay ? 'warningAdmin.riskLevel' : 'warningAdmin.level')}
                    name="severity"
                    required
                    dependencies={['kind', 'relay']}
                    rules={[rule('severity')]}
                  >
                    <SeverityField kind={kind} scale={scaleOf(relay)} />
                  </Form.Item>
                  {relay && (
                    <Form.Item
                      label={t('warningAdmin.source')}
                      name="source"
                      htmlFor="warning-source"
                      required
                      dependencies={['relay']}
                      rules={[rule('source')]}
                    >
                      <Input
                        id="warning-source"
                        autoComplete="off"
                        maxLength={255}
                        placeholder={t('warningAdmin.sourcePlaceholder')}
                        data-testid="warning-source"
                      />
                    </Form.Item>
                  )}
                </>
              );
            }}
          </Form.Item>
          <Form.Item
            label={t('warningAdmin.headlineVi')}
            name="headlineVi"
            htmlFor="warning-headline-vi"
            required
            rules={[rule('headlineVi')]}
          >
            <Input
              id="warning-headline-vi"
              autoComplete="off"
              showCount
              maxLength={140}
              data-testid="warning-headline-vi"
            />
          </Form.Item>
          <Form.Item
            label={t('warningAdmin.descriptionVi')}
            name="descriptionVi"
            htmlFor="warning-description-vi"
            required
            rules={[rule('descriptionVi')]}
          >
            <Input.TextArea
              id="warning-description-vi"
              autoSize={{ minRows: 3, maxRows: 8 }}
              maxLength={4000}
              data-testid="warning-description-vi"
            />
          </Form.Item>
          <Form.Item
            label={t('warningAdmin.instructionVi')}
            name="instructionVi"
            htmlFor="warning-instruction-vi"
            required
            rules={[rule('instructionVi')]}
          >
            <Input.TextArea
              id="warning-instruction-vi"
              autoSize={{ minRows: 2, maxRows: 6 }}
              maxLength={2000}
              data-testid="warning-instruction-vi"
            />
          </Form.Item>
          <Collapse
            className="warning-english"
            data-testid="warning-english"
            size="small"
            items={[
              {
                key: 'en',
                label: t('warningAdmin.english'),
                forceRender: true,
                children: (
                  <>
                    <Form.Item
                      label={t('warningAdmin.headlineEn')}
                      name="headlineEn"
                      htmlFor="warning-headline-en"
                      rules={[rule('headlineEn')]}
                    >
                      <Input
                        id="warning-headline-en"
                        autoComplete="off"
                        maxLength={140}
                        data-testid="warning-headline-en"
                      />
                    </Form.Item>
                    <Form.Item
                      label={t('warningAdmin.descriptionEn')}
                      name="descriptionEn"
                      htmlFor="warning-description-en"
                      rules={[rule('descriptionEn')]}
                    >
                      <Input.TextArea
                        id="warning-description-en"
                        autoSize={{ minRows: 2, maxRows: 6 }}
                        maxLength={4000}
                      />
                    </Form.Item>
                    <Form.Item
                      label={t('warningAdmin.instructionEn')}
                      name="instructionEn"
                      htmlFor="warning-instruction-en"
                      rules={[rule('instructionEn')]}
                    >
                      <Input.TextArea
                        id="warning-instruction-en"
                        autoSize={{ minRows: 2, maxRows: 6 }}
                        maxLength={2000}
                      />
                    </Form.Item>
                  </>
                ),
              },
            ]}
          />
        </div>
        <div className="warning-form-side">
          <AreaFields form={form} rule={rule} disabled={busy} />
          <div className="warning-form-times">
            <Form.Item
              label={t('warningAdmin.effectiveAt')}
              name="effectiveAt"
              htmlFor="warning-effective-at"
              required
              extra={t('warningAdmin.timeFormat')}
              rules={[rule('effectiveAt')]}
            >
              <DatePicker
                id="warning-effective-at"
                showTime={{ format: 'HH:mm' }}
                format={WARNING_TIME_FORMAT}
                className="full-width"
                data-testid="warning-effective-at"
              />
            </Form.Item>
            <Form.Item
              label={t('warningAdmin.expiresAt')}
              name="expiresAt"
              htmlFor="warning-expires-at"
              required
              dependencies={['effectiveAt']}
              rules={[rule('expiresAt')]}
            >
              <DatePicker
                id="warning-expires-at"
                showTime={{ format: 'HH:mm' }}
                format={WARNING_TIME_FORMAT}
                className="full-width"
                data-testid="warning-expires-at"
              />
            </Form.Item>
          </div>
          <Form.Item label={t('warningAdmin.channels')} name="channels" required rules={[rule('channels')]}>
            <ChannelsGroup aria-label={t('warningAdmin.channels')}>
              {WARNING_CHANNELS.map((c) => (
                <Checkbox key={c} value={c} data-testid={`warning-channel-${c}`}>
                  {WARNING_CHANNEL_LABELS[c][lang]}
                </Checkbox>
              ))}
            </ChannelsGroup>
          </Form.Item>
          <Form.Item
            label={t('warningAdmin.attachment')}
            name="attachment"
            htmlFor="warning-attachment"
            rules={[rule('attachment')]}
          >
            <AttachmentField
              id="warning-attachment"
              onPendingChange={(d) => setPending((p) => p + d)}
              disabled={busy}
            />
          </Form.Item>
          {mode.kind === 'update' && (
            <Form.Item
              label={t('warningAdmin.updateNote')}
              name="note"
              htmlFor="warning-note"
              rules={[{ required: true, whitespace: true, message: t('form.requiredGeneric') }, max(NOTE_MAX)]}
            >
              <Input.TextArea
                id="warning-note"
                autoSize={{ minRows: 2, maxRows: 5 }}
                maxLength={NOTE_MAX}
                placeholder={t('warningAdmin.updateNotePlaceholder')}
                data-testid="warning-note"
              />
            </Form.Item>
          )}
        </div>
      </div>
    </FormModal>
  );
}
