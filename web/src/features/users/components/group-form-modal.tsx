import {
  type Group,
  type GroupBody,
  GroupBodySchema,
  normalisePermissions,
  type Permission,
  TEXT_MAX,
} from '@flood/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { UnitsField } from '../../../components/units-field';
import { ApiError } from '../../../lib/api/client';
import { applyFieldErrors, parseForm, showFormError, zodRule } from '../../../lib/forms/zod-form';
import { useSession } from '../../../lib/session/session-store';
import { createGroup, updateGroup, usersKeys } from '../api/users-api';
import { permissionOptions } from './permissions';

interface GroupValues {
  name: string;
  desc: string;
  functions: Permission[];
  units: string[];
}

export interface GroupFormModalProps {
  open: boolean;
  /** The group being edited, or null to create one. */
  group: Group | null;
  onClose: () => void;
}

/** 'Thêm nhóm' / 'Cập nhật nhóm': name, description and permissions, checked by the domain schema. */
export function GroupFormModal({ open, group, onClose }: GroupFormModalProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<GroupValues>();
  const held = useSession()?.userDetail.functions ?? [];

  const mutation = useMutation({
    mutationFn: (body: GroupBody) => (group ? updateGroup(group.id, body) : createGroup(body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: usersKeys.groups });
      // group names and permissions show in the user list
      void queryClient.invalidateQueries({ queryKey: usersKeys.users });
      void message.success(t(group ? 'groups.updateSuccess' : 'groups.createSuccess'));
      onClose();
    },
    onError: (error) => {
      // A unit or permission the manager does not hold: on its field.
      if (error instanceof ApiError && error.code === 'FORBIDDEN' && applyFieldErrors(form, error.body.fields)) return;
      showFormError(form, error, (text) => void message.error(text), t('errors.generic'), {
        showMessageOf: ['CONFLICT', 'NOT_FOUND'],
      });
    },
  });

  const onFinish = (values: GroupValues) => {
    const parsed = parseForm(form, GroupBodySchema, values, t);
    if (parsed) mutation.mutate(parsed);
  };

  const rule = (field: keyof GroupValues) => [zodRule(GroupBodySchema, field, t)];

  return (
    <FormModal<GroupValues>
      open={open}
      title={t(group ? 'groups.editTitle' : 'groups.createTitle')}
      onClose={onClose}
      form={form}
      onFinish={onFinish}
      loading={mutation.isPending}
      submitTestId="group-submit"
      modalTestId="group-modal"
      width={560}
      initialValues={{
        name: group?.name ?? '',
        desc: group?.desc ?? '',
        functions: normalisePermissions(group?.functions ?? []),
        units: group?.units ?? [],
      }}
    >
      <Form.Item label={t('groups.name')} name="name" htmlFor="group-name" required rules={rule('name')}>
        <Input id="group-name" maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item label={t('groups.desc')} name="desc" htmlFor="group-desc" rules={rule('desc')}>
        <Input.TextArea id="group-desc" maxLength={TEXT_MAX} autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Form.Item
        label={t('groups.functions')}
        name="functions"
        htmlFor="group-functions"
        rules={rule('functions')}
        extra={group && group.memberCount > 0 ? t('groups.membersFollow', { count: group.memberCount }) : undefined}
        normalize={(v: unknown) => normalisePermissions(Array.isArray(v) ? v : [])}
      >
        <Select
          id="group-functions"
          mode="multiple"
          allowClear
          placeholder={t('groups.functionsPlaceholder')}
          options={permissionOptions(i18n.language, true, held, t('users.notHeld'))}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <UnitsField
        id="group-units"
        label={t('users.units')}
        help={t('users.unitsHelpGroup')}
        placeholder={t('users.unitsAll')}
      />
    </FormModal>
  );
}
