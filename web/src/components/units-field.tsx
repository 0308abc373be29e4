import { unitFullName } from '@flood/domain';
import { Form, Select } from 'antd';
import { useArea } from '../lib/area/use-area';

/**
 * A choice of the area's units (#26), empty meaning every unit: 'Địa bàn' of a user or group (point 3; the server
 * refuses units beyond the signed-in manager's own, on this field), 'Đơn vị liên quan' of a news item (point 4).
 */
export function UnitsField({
  id,
  label,
  help,
  placeholder,
}: {
  id: string;
  label: string;
  help: string;
  /** What the empty choice means ('Mọi đơn vị'). */
  placeholder: string;
}) {
  const { units } = useArea().settings;
  return (
    <Form.Item label={label} name="units" htmlFor={id} extra={help}>
      <Select
        id={id}
        mode="multiple"
        allowClear
        placeholder={placeholder}
        options={units.map((u) => ({ value: u.code, label: `${unitFullName(u)} (${u.code})` }))}
        optionFilterProp="label"
      />
    </Form.Item>
  );
}
