import { unitFullName } from '@flood/domain';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useArea } from '../../../lib/area/use-area';

/**
 * 'Địa bàn' (#26 point 3): the units of the area a user or group may see and change; empty: every unit (a
 * provincial user). The server refuses units beyond the signed-in manager's own, on this field.
 */
export function UnitsField({ id, help }: { id: string; help: string }) {
  const { t } = useTranslation();
  const { units } = useArea().settings;
  return (
    <Form.Item label={t('users.units')} name="units" htmlFor={id} extra={help}>
      <Select
        id={id}
        mode="multiple"
        allowClear
        placeholder={t('users.unitsAll')}
        options={units.map((u) => ({ value: u.code, label: `${unitFullName(u)} (${u.code})` }))}
        optionFilterProp="label"
      />
    </Form.Item>
  );
}
