import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { TableColumnType } from 'antd';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** The edit and delete icons of a table row (only the edit one when the row cannot be deleted). */
export function RowActions({ onEdit, onDelete }: { onEdit: () => void; onDelete?: () => void }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Tooltip title={t('common.edit')}>
        <Button type="text" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={onEdit} />
      </Tooltip>
      {onDelete && (
        <Tooltip title={t('common.delete')}>
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={onDelete} />
        </Tooltip>
      )}
    </Space>
  );
}

/** The actions column of a back-office table: edit (and delete when given), pinned to the right. */
export function actionsColumn<T>(
  title: string,
  onEdit: (row: T) => void,
  onDelete?: (row: T) => void,
): TableColumnType<T> {
  return {
    key: 'actions',
    title,
    width: onDelete ? 104 : 80,
    fixed: 'right',
    render: (_value, row) => (
      <RowActions onEdit={() => onEdit(row)} onDelete={onDelete ? () => onDelete(row) : undefined} />
    ),
  };
}
