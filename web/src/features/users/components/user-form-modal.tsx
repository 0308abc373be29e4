import {
  ALWAYS_GRANTED,
  normalisePermissions,
  type Permission,
  TEXT_MAX,
  type User,
  UserCreateBodySchema,
  UserUpdateBodySchema,
} from '@flood/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { UnitsField } from '../../../components/units-field';
import { ApiError } from '../../../lib/api/client';
import { applyFieldErrors, parseForm, showFormError, zodRule } from '../../../lib/forms/zod-form';
import { getSession, updateUserDetail, useSession } from '../../../lib/session/session-store';
import { fetchUserInfo } from '../../auth';
import { createUser, fetchAllGroups, updateUser, usersKeys } from '../api/users-api';
import { permissionOptions } from './permissions';

interface UserValues {
  name: string;
  email: string;
  groupId?: number;
  password: string;
  phone: string;
  functions: Permission[];
  units: string[];
}

export interface UserFormModalProps {
  open: boolean;
  /** The user being edited, or null to create one. */
  user: User | null;
  onClose: () => void;
}

/** Keeps `system` in every permission list the form holds (it is checked and disabled). */
const withSystem = (value: unknown): Permission[] => normalisePermissions(Array.isArray(value) ? value : []);

/**
 * 'Thêm người dùng' / 'Cập nhật người dùng'. The email is fixed once created; the password is required
 * on creation and optional on edit; choosing a group copies its permissions into the checkboxes.
 */
export function UserFormModal({ open, user, onClose }: UserFormModalProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UserValues>();
  const editing = user !== null;
  const held = useSession()?.userDetail.functions ?? [];
  const schema = editing ? UserUpdateBodySchema : UserCreateBodySchema;

  const groups = useQuery({ queryKey: usersKeys.allGroups, queryFn: fetchAllGroups, enabled: open });

  const mutation = useMutation({
    mutationFn: (save: () => Promise<User>) => save(),
    onSuccess: async (saved) => {
      void queryClient.invalidateQueries({ queryKey: usersKeys.users });
      void queryClient.invalidateQueries({ queryKey: usersKeys.groups }); // member counts
      void message.success(t(user ? 'users.updateSuccess' : 'users.createSuccess'));
      onClose();
      // Editing yourself: the header's views follow the new permissions.
      if (saved.id === getSession()?.id) {
        try {
          updateUserDetail(await fetchUserInfo());
        } catch {
          // the next start refreshes it anyway
        }
      }
    },
    onError: (error) => {
      // A taken e-mail, a permission or a unit the manager does not hold: on its field.
      if (
        error instanceof ApiError &&
        (error.code === 'CONFLICT' || error.code === 'FORBIDDEN') &&
        applyFieldErrors(form, error.body.fields)
      )
        return;
      showFormError(form, error, (text) => void message.error(text), t('errors.generic'), {
        showMessageOf: ['CONFLICT', 'NOT_FOUND'],
      });
    },
  });

  const onFinish = (values: UserValues) => {
    if (user) {
      const body = parseForm(form, UserUpdateBodySchema, values, t);
      if (body) mutation.mutate(() => updateUser(user.id, body));
    } else {
      const body = parseForm(form, UserCreateBodySchema, values, t);
      if (body) mutation.mutate(() => createUser(body));
    }
  };

  const onGroupChange = (groupId: number | undefined) => {
    const group = groups.data?.find((g) => g.id === groupId);
    if (group) form.setFieldValue('functions', withSystem(group.functions));
  };

  const rule = (field: keyof UserValues) => [zodRule(schema, field, t)];

  return (
    <FormModal<UserValues>
      open={open}
      title={t(editing ? 'users.editTitle' : 'users.createTitle')}
      onClose={onClose}
      form={form}
      onFinish={onFinish}
      loading={mutation.isPending}
      submitTestId="user-submit"
      modalTestId="user-modal"
      width={600}
      initialValues={{
        name: user?.name ?? '',
        email: user?.email ?? '',
        groupId: user?.groupId ?? undefined,
        password: '',
        phone: user?.phone ?? '',
        functions: withSystem(user?.functions ?? [ALWAYS_GRANTED]),
        units: user?.units ?? [],
      }}
    >
      <Form.Item label={t('users.name')} name="name" htmlFor="user-name" required rules={rule('name')}>
        <Input id="user-name" autoComplete="off" maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item label={t('users.email')} name="email" htmlFor="user-email" required rules={rule('email')}>
        <Input id="user-email" type="email" autoComplete="off" maxLength={TEXT_MAX} disabled={editing} />
      </Form.Item>
      <Form.Item label={t('users.group')} name="groupId" htmlFor="user-group" required rules={rule('groupId')}>
        <Select<number>
          id="user-group"
          placeholder={t('users.groupPlaceholder')}
          loading={groups.isFetching}
          options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={onGroupChange}
        />
      </Form.Item>
      <Form.Item
        label={t('users.password')}
        name="password"
        htmlFor="user-password"
        required={!editing}
        validateFirst
        extra={editing ? t('users.passwordHelp') : undefined}
        rules={[...(editing ? [] : [{ required: true, message: t('form.requiredGeneric') }]), ...rule('password')]}
      >
        <Input.Password id="user-password" autoComplete="new-password" maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item label={t('users.phone')} name="phone" htmlFor="user-phone" rules={rule('phone')}>
        <Input id="user-phone" type="tel" inputMode="numeric" autoComplete="off" maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item label={t('users.functions')} name="functions" normalize={withSystem}>
        <Checkbox.Group
          data-testid="user-functions"
          className="permission-checks"
          options={permissionOptions(i18n.language, true, held, t('users.notHeld'))}
        />
      </Form.Item>
      <UnitsField
        id="user-units"
        label={t('users.units')}
        help={t('users.unitsHelpUser')}
        placeholder={t('users.unitsAll')}
      />
    </FormModal>
  );
}
