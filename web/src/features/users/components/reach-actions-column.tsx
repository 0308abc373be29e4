import { LockOutlined } from '@ant-design/icons';
import { isPermissionSubset, type Permission } from '@flood/domain';
import { type TableColumnType, Tooltip } from 'antd';
import { RowActions } from '../../../components/row-actions';

/**
 * The actions column of the users and groups tables: a row holding a permission the signed-in manager lacks
 * shows a lock instead of edit and delete (#18: the server refuses to change it).
 */
export function reachActionsColumn<T extends { functions: Permission[] }>(opts: {
  title: string;
  held: readonly string[];
  lockedText: string;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
}): TableColumnType<T> {
  return {
    key: 'actions',
    title: opts.title,
    width: 104,
    fixed: 'right',
    render: (_value, row) =>
      isPermissionSubset(row.functions, opts.held) ? (
        <RowActions onEdit={() => opts.onEdit(row)} onDelete={() => opts.onDelete(row)} />
      ) : (
        <Tooltip title={opts.lockedText}>
          <LockOutlined aria-label={opts.lockedText} data-testid="row-locked" className="row-locked" />
        </Tooltip>
      ),
  };
}
