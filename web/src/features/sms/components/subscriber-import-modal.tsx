import { FileTextOutlined } from '@ant-design/icons';
import {
  formatNumber,
  type Language,
  type SubscriberCount,
  type SubscriberImportBody,
  SubscriberImportBodySchema,
  type SubscriberImportResult,
  WARNING_KIND_LABELS,
  WARNING_KINDS,
  type WarningKind,
} from '@flood/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Form,
  type FormInstance,
  Input,
  Modal,
  Select,
  Table,
  type TableColumnsType,
  Typography,
  Upload,
} from 'antd';
import type { TFunction } from 'i18next';
import { type ComponentProps, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { focusFirstField } from '../../../components/form-modal';
import { ApiError } from '../../../lib/api/client';
import { issueMessage, zodRule } from '../../../lib/forms/zod-form';
import { importSubscribers, smsKeys } from '../api/sms-api';
import { firstColumn, type PhoneLines, phoneLines, textLineOf } from '../model/phone-list';
import { refusalText } from '../model/refusal';

interface ImportValues {
  commune?: string;
  kinds: WarningKind[];
  /** The numbers as typed or taken from a file, one per line. */
  phones: string;
}

/** What is asked by default: the warnings a commune's list is usually made for. */
const DEFAULT_KINDS: WarningKind[] = ['flood', 'flash_flood', 'landslide'];
const ACCEPT = '.csv,.txt';
type FieldName = keyof ImportValues;
const FIELDS: readonly FieldName[] = ['commune', 'kinds', 'phones'];

const { shape } = SubscriberImportBodySchema;
/** The domain's body as the form holds it: the numbers are the text's non-blank lines. */
const ImportFormSchema = z.object({
  commune: shape.commune,
  kinds: shape.kinds,
  phones: z
    .string()
    .optional()
    .transform((text) => phoneLines(text ?? '').phones)
    .pipe(shape.phones),
});

/** The first problem of the numbers, a line's named by its line in the text; null when they would be sent. */
function phonesProblem(text: string | undefined, t: TFunction): string | null {
  const result = ImportFormSchema.shape.phones.safeParse(text);
  const issue = result.success ? undefined : result.error.issues[0];
  if (!issue) return null;
  const index = issue.path[0];
  if (typeof index !== 'number') return issueMessage(issue, t);
  return t('sms.importLineError', { line: phoneLines(text ?? '').lines[index], message: issueMessage(issue, t) });
}

/**
 * A refused import: the server's fields on the form's ('phones.3' under the numbers, named by its line in the text),
 * else its refusal as it words it (only the system account, no PUBLIC_URL), else the generic text.
 */
function showImportError(
  form: FormInstance<ImportValues>,
  error: unknown,
  sent: PhoneLines,
  toast: (text: string) => void,
  t: TFunction,
) {
  if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.body.fields?.length) {
    const byField = new Map<FieldName, string[]>();
    for (const f of error.body.fields) {
      const [name, index] = f.field.split('.');
      if (!FIELDS.includes(name as FieldName)) continue;
      const text =
        name === 'phones' && index !== undefined && /^\d+$/.test(index)
          ? t('sms.importLineError', { line: textLineOf(sent, Number(index) + 1), message: f.message })
          : f.message;
      byField.set(name as FieldName, [...(byField.get(name as FieldName) ?? []), text]);
    }
    if (byField.size) {
      form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
      return;
    }
  }
  const text = refusalText(error, t('errors.generic'), t('errors.unavailable'));
  if (text) toast(text);
}

/**
 * The kinds' checkboxes as a labelled group. Form.Item marks its control `aria-required`, which a group of
 * checkboxes may not carry (axe: aria-allowed-attr); the asterisk of the label says it, each box is announced.
 */
function KindsGroup({ 'aria-required': _required, ...props }: ComponentProps<typeof Checkbox.Group>) {
  return <Checkbox.Group {...props} role="group" data-testid="subscriber-import-kinds" />;
}

interface Outcome {
  result: SubscriberImportResult;
  sent: PhoneLines;
}

/** The answer: how many were invited, were there already, were not numbers; the latter by line, masked. */
function ImportOutcome({ outcome, lang }: { outcome: Outcome; lang: Language }) {
  const { t } = useTranslation();
  const { result, sent } = outcome;
  const n = (value: number) => formatNumber(value, 0, lang);
  const invalid = result.invalid.map((row) => ({ line: textLineOf(sent, row.line), value: row.value }));
  const columns: TableColumnsType<{ line: number; value: string }> = [
    { dataIndex: 'line', title: t('sms.importLine'), width: 90, render: (v: number) => n(v) },
    { dataIndex: 'value', title: t('sms.importValue') },
  ];
  return (
    <div data-testid="subscriber-import-result">
      <Alert
        type={invalid.length ? 'warning' : 'success'}
        showIcon
        title={t('sms.importResult', {
          invited: n(result.invited),
          existing: n(result.existing),
          invalid: n(invalid.length),
        })}
      />
      {invalid.length > 0 && (
        <>
          <Typography.Paragraph strong style={{ marginTop: 12, marginBottom: 8 }}>
            {t('sms.importInvalid')}
          </Typography.Paragraph>
          <Table
            size="small"
            columns={columns}
            dataSource={invalid}
            rowKey="line"
            pagination={invalid.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            aria-label={t('sms.importInvalid')}
            data-testid="subscriber-import-invalid"
          />
        </>
      )}
    </div>
  );
}

export interface SubscriberImportModalProps {
  open: boolean;
  /** The communes of the counts' table, to choose from. */
  communes: readonly SubscriberCount[];
  communesLoading?: boolean;
  onClose: () => void;
}

/**
 * 'Nhập danh sách số điện thoại' (#24, point 5): a commune, the warning kinds, and the numbers — typed one per
 * line or taken from the first column of a CSV / text file (no Excel reader in the web's dependencies: Excel saves
 * as CSV) — counted before sending, with what the people will get said. Then what came of it.
 */
export function SubscriberImportModal({ open, communes, communesLoading, onClose }: SubscriberImportModalProps) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ImportValues>();
  const body = useRef<HTMLDivElement>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const phonesText = Form.useWatch('phones', form);
  const lineCount = phoneLines(phonesText ?? '').phones.length;

  const mutation = useMutation({
    mutationFn: ({ request }: { request: SubscriberImportBody; sent: PhoneLines }) => importSubscribers(request),
    onSuccess: (result, { sent }) => {
      // The invitations join the send history at once; the counts change as people confirm.
      void queryClient.invalidateQueries({ queryKey: smsKeys.history });
      void queryClient.invalidateQueries({ queryKey: smsKeys.subscribers });
      setOutcome({ result, sent });
    },
    onError: (error, { sent }) => showImportError(form, error, sent, (text) => void message.error(text), t),
  });

  const onFinish = (values: ImportValues) => {
    const parsed = ImportFormSchema.safeParse(values);
    if (!parsed.success) return; // the fields' rules said why
    mutation.mutate({ request: parsed.data, sent: phoneLines(values.phones ?? '') });
  };

  const readFile = async (file: File) => {
    let values: string[];
    try {
      values = firstColumn(await file.text());
    } catch {
      void message.error(t('sms.importFileUnreadable', { name: file.name }));
      return;
    }
    if (!values.length) {
      void message.error(t('sms.importFileEmpty', { name: file.name }));
      return;
    }
    form.setFieldValue('phones', values.join('\n'));
    void form.validateFields(['phones']).catch(() => {});
    void message.success(t('sms.importFileRead', { name: file.name, lines: formatNumber(values.length, 0, lang) }));
  };

  const again = () => {
    setOutcome(null);
    mutation.reset();
    form.setFieldValue('phones', '');
  };

  return (
    <Modal
      afterOpenChange={(opened) => {
        if (opened) focusFirstField(body.current);
      }}
      open={open}
      title={t('sms.importTitle')}
      onCancel={onClose}
      // What was pasted must not be lost to a slip of the finger beside the dialog.
      mask={{ closable: false }}
      destroyOnHidden
      centered
      width={600}
      modalRender={(node) => <div data-testid="subscriber-import-modal">{node}</div>}
      footer={
        outcome
          ? [
              <Button key="again" onClick={again} data-testid="subscriber-import-again">
                {t('sms.importAgain')}
              </Button>,
              <Button key="close" type="primary" onClick={onClose}>
                {t('common.close')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={onClose}>
                {t('common.cancel')}
              </Button>,
              <Button
                key="submit"
                type="primary"
                loading={mutation.isPending}
                onClick={() => form.submit()}
                data-testid="subscriber-import-submit"
              >
                {t('sms.importSubmit')}
              </Button>,
            ]
      }
    >
      <div ref={body}>
        {outcome && <ImportOutcome outcome={outcome} lang={lang} />}
        <Form<ImportValues>
          form={form}
          layout="vertical"
          onFinish={onFinish}
          disabled={mutation.isPending}
          initialValues={{ kinds: DEFAULT_KINDS, phones: '' }}
          // the answer replaces the form, which keeps its values for 'Nhập danh sách khác'
          hidden={outcome !== null}
        >
          <Form.Item
            label={t('sms.importCommune')}
            name="commune"
            htmlFor="subscriber-import-commune"
            required
            rules={[zodRule(ImportFormSchema, 'commune', t)]}
          >
            <Select
              id="subscriber-import-commune"
              showSearch
              optionFilterProp="label"
              loading={communesLoading}
              options={communes.map((c) => ({ value: c.commune, label: c.name }))}
              data-testid="subscriber-import-commune"
            />
          </Form.Item>
          <Form.Item label={t('sms.importKinds')} name="kinds" required rules={[zodRule(ImportFormSchema, 'kinds', t)]}>
            <KindsGroup aria-label={t('sms.importKinds')}>
              {WARNING_KINDS.map((k) => (
                <Checkbox key={k} value={k} data-testid={`subscriber-import-kind-${k}`}>
                  {WARNING_KIND_LABELS[k][lang]}
                </Checkbox>
              ))}
            </KindsGroup>
          </Form.Item>
          <Form.Item
            label={t('sms.importPhones')}
            name="phones"
            htmlFor="subscriber-import-phones"
            required
            extra={
              <span data-testid="subscriber-import-lines">
                {t('sms.importLines', { lines: formatNumber(lineCount, 0, lang) })}
              </span>
            }
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  const problem = phonesProblem(value, t);
                  if (problem) throw new Error(problem);
                },
              },
            ]}
          >
            <Input.TextArea
              id="subscriber-import-phones"
              rows={8}
              placeholder={t('sms.importPhonesPlaceholder')}
              spellCheck={false}
              data-testid="subscriber-import-phones"
            />
          </Form.Item>
          <Form.Item extra={t('sms.importFileHelp')}>
            <Upload
              accept={ACCEPT}
              multiple={false}
              showUploadList={false}
              beforeUpload={(file) => {
                void readFile(file);
                return Upload.LIST_IGNORE;
              }}
              data-testid="subscriber-import-file"
            >
              <Button icon={<FileTextOutlined />}>{t('sms.importFile')}</Button>
            </Upload>
          </Form.Item>
          <Alert type="info" showIcon title={t('sms.importConsent')} data-testid="subscriber-import-consent" />
        </Form>
      </div>
    </Modal>
  );
}
