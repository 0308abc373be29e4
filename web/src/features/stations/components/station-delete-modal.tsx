import { confirmsStationDelete, formatNumber, type Station } from '@flood/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/api/error-message';
import { deleteStation, fetchStation, stationsKeys } from '../api/stations-api';

export interface StationDeleteModalProps {
  station: Station;
  onClose: () => void;
  /** After the station was deleted (the page refreshes its lists and toasts). */
  onDeleted: () => void;
  /** Offered instead of the delete while the station is active: stop it and keep its history. */
  onDeactivate?: () => void;
}

/**
 * Deleting a station (issue #18): the dialog says how many readings go with it and that published CAP
 * warnings stay, offers 'Ngừng hoạt động' instead, and deletes only once the station code is typed again
 * (the server checks the same code).
 */
export function StationDeleteModal({ station, onClose, onDeleted, onDeactivate }: StationDeleteModalProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [typed, setTyped] = useState('');
  const detail = useQuery({ queryKey: stationsKeys.detail(station.id), queryFn: () => fetchStation(station.id) });
  const remove = useMutation({
    mutationFn: () => deleteStation(station.id, typed),
    onSuccess: onDeleted,
    onError: (error) => {
      const text = apiErrorText(error, t('errors.generic'), ['CONFLICT', 'NOT_FOUND', 'VALIDATION_FAILED']);
      if (text) void message.error(text);
    },
  });
  const confirmed = confirmsStationDelete(typed, station.code);
  const count = detail.data ? formatNumber(detail.data.readingCount, 0, i18n.language === 'en' ? 'en' : 'vi') : null;

  return (
    <Modal
      open
      centered
      title={t('stations.deleteTitle', { code: station.code, name: station.name })}
      onCancel={onClose}
      data-testid="station-delete-modal"
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        ...(onDeactivate && station.status === 'active'
          ? [
              <Button key="stop" onClick={onDeactivate} data-testid="station-delete-deactivate">
                {t('stations.deactivate')}
              </Button>,
            ]
          : []),
        <Button
          key="delete"
          type="primary"
          danger
          disabled={!confirmed || !detail.data}
          loading={remove.isPending}
          onClick={() => remove.mutate()}
          data-testid="station-delete-ok"
        >
          {t('stations.deleteOk')}
        </Button>,
      ]}
    >
      {count === null ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : (
        <Alert
          type="warning"
          showIcon
          title={t('stations.deleteReadings', { count })}
          data-testid="station-delete-count"
        />
      )}
      {station.status === 'active' && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('stations.deleteHint')}
        </Typography.Paragraph>
      )}
      <Form layout="vertical" style={{ marginTop: 12 }} onFinish={() => confirmed && detail.data && remove.mutate()}>
        <Form.Item label={t('stations.deleteConfirmLabel', { code: station.code })} htmlFor="station-delete-code">
          <Input
            id="station-delete-code"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            data-testid="station-delete-code"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
