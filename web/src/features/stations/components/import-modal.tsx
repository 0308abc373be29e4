import { InboxOutlined } from '@ant-design/icons';
import { IMPORT_MAX_BYTES, type ImportJob, type ImportReject } from '@flood/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Progress, Table, type TableColumnsType, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/api/error-message';
import { waterKeys } from '../api/readings-api';
import { fetchImportJob, stationsKeys, uploadReadings } from '../api/stations-api';

/** How often a running import is polled. */
export const IMPORT_POLL_MS = 500;
const ACCEPT = '.csv,.xlsx';
const EXAMPLE = ['stationCode,date,hour,minute,value', 'F01024,22/11/2026,7,0,125', 'F00012,22/11/2026,7,0,3.5'].join(
  '\n',
);

const finished = (job: ImportJob | undefined) => job?.status === 'done' || job?.status === 'failed';

export function importPercent(job: Pick<ImportJob, 'processed' | 'total' | 'status'>): number {
  if (job.status === 'done') return 100;
  if (job.total <= 0) return 0;
  return Math.min(100, Math.floor((job.processed / job.total) * 100));
}

/**
 * 'Nhập dữ liệu': uploads a CSV / Excel file of readings, follows the import job (progress every 500 ms)
 * and ends with what was stored, skipped as duplicates and rejected (row, field, reason).
 */
export function ImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: uploadReadings,
    onSuccess: (job) => {
      queryClient.setQueryData(stationsKeys.importJob(job.id), job);
      setJobId(job.id);
    },
    onError: (error) => {
      const text = apiErrorText(error, t('errors.generic'), ['VALIDATION_FAILED', 'CONFLICT']);
      if (text) void message.error(text);
    },
  });

  const job = useQuery({
    queryKey: stationsKeys.importJob(jobId ?? ''),
    queryFn: () => fetchImportJob(jobId!),
    enabled: jobId !== null,
    staleTime: 0,
    refetchInterval: (query) => (finished(query.state.data) ? false : IMPORT_POLL_MS),
  });
  const current = jobId ? job.data : undefined;
  const done = current?.status === 'done';

  // New readings change the latest values and statuses.
  const [refreshedFor, setRefreshedFor] = useState<string | null>(null);
  if (done && current && refreshedFor !== current.id) {
    setRefreshedFor(current.id);
    void queryClient.invalidateQueries({ queryKey: waterKeys.all });
  }

  const reset = () => {
    setFile(null);
    setFileError(null);
    setJobId(null);
    upload.reset();
  };

  const rejectColumns: TableColumnsType<ImportReject & { key: number }> = [
    { dataIndex: 'row', title: t('importReadings.row'), width: 80 },
    { dataIndex: 'field', title: t('importReadings.field'), width: 140 },
    { dataIndex: 'message', title: t('importReadings.reason') },
  ];

  const running = upload.isPending || (current !== undefined && !finished(current));

  return (
    <Modal
      open={open}
      title={t('importReadings.title')}
      onCancel={onClose}
      afterClose={reset}
      destroyOnHidden
      centered
      width={720}
      modalRender={(node) => <div data-testid="import-modal">{node}</div>}
      footer={[
        current && finished(current) ? (
          <Button key="again" onClick={reset} data-testid="import-again">
            {t('importReadings.again')}
          </Button>
        ) : null,
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
        current ? null : (
          <Button
            key="submit"
            type="primary"
            disabled={!file}
            loading={upload.isPending}
            onClick={() => file && upload.mutate(file)}
            data-testid="import-submit"
          >
            {t('importReadings.upload')}
          </Button>
        ),
      ]}
    >
      {!current && (
        <>
          <Typography.Paragraph>{t('importReadings.help')}</Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
            {t('importReadings.helpVi')}
          </Typography.Paragraph>
          <Typography.Text type="secondary">{t('importReadings.example')}</Typography.Text>
          <pre className="import-example">{EXAMPLE}</pre>
          <Upload.Dragger
            accept={ACCEPT}
            maxCount={1}
            multiple={false}
            disabled={upload.isPending}
            fileList={file ? [{ uid: 'file', name: file.name, size: file.size, status: 'done' }] : []}
            beforeUpload={(picked) => {
              if (picked.size > IMPORT_MAX_BYTES) {
                setFile(null);
                setFileError(t('importReadings.tooLarge'));
                return Upload.LIST_IGNORE;
              }
              setFileError(null);
              setFile(picked);
              return false;
            }}
            onRemove={() => {
              setFile(null);
              return true;
            }}
            style={{ marginTop: 12 }}
            data-testid="import-upload"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('importReadings.drop')}</p>
            <p className="ant-upload-hint">{t('importReadings.accept')}</p>
          </Upload.Dragger>
          {fileError && (
            <Alert type="error" showIcon title={fileError} style={{ marginTop: 12 }} data-testid="import-file-error" />
          )}
        </>
      )}
      {current && (
        <div data-testid="import-progress">
          <Typography.Paragraph>
            {t('importReadings.file', { name: current.fileName })}
            {running && ` — ${t('importReadings.running')}`}
          </Typography.Paragraph>
          <Progress
            percent={importPercent(current)}
            status={current.status === 'failed' ? 'exception' : done ? 'success' : 'active'}
            format={(percent) => `${current.processed}/${current.total} (${percent ?? 0}%)`}
            aria-label={t('importReadings.progress')}
          />
        </div>
      )}
      {current?.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          title={t('importReadings.failed')}
          description={current.error ?? t('errors.generic')}
          style={{ marginTop: 12 }}
          data-testid="import-error"
        />
      )}
      {done && current && (
        <div data-testid="import-summary" style={{ marginTop: 12 }}>
          <Alert
            type={current.rejectedCount > 0 ? 'warning' : 'success'}
            showIcon
            title={t('importReadings.summary', {
              stored: current.stored,
              duplicates: current.duplicates,
              rejectedCount: current.rejectedCount,
            })}
          />
          {current.rejected.length > 0 && (
            <>
              {current.rejectedCount > current.rejected.length && (
                <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                  {t('importReadings.firstRejected', { count: current.rejected.length })}
                </Typography.Paragraph>
              )}
              <Table
                style={{ marginTop: 12 }}
                size="small"
                rowKey="key"
                columns={rejectColumns}
                dataSource={current.rejected.map((r, i) => ({ ...r, key: i }))}
                pagination={current.rejected.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                scroll={{ x: 'max-content', y: 320 }}
                aria-label={t('importReadings.rejectedTable')}
                data-testid="import-rejected"
              />
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
