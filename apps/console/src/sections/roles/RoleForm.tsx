import type { RoleRow } from '@lantian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { ApiError, errorText } from '../../shared/api';
import { FormDrawer } from '../../shared/form/FormDrawer';
import { parseForm, setFieldErrors, showServerErrors, zodRule } from '../../shared/form/zod-form';
import { PermissionPicker } from './PermissionPicker';
import { actionsWithoutMenu, type Catalog, outOfReach } from './permission-tree';
import { createRole, roleSaveBody, roleUpdateBody, updateRole } from './roles.api';

interface Fields {
  name: string;
  description?: string;
  permissions: string[];
}

interface Props {
  /** The role to edit or look at; undefined to add one. */
  role?: RoleRow;
  /** Look only: built-in roles, roles carrying permissions the editor lacks, or an editor without the right. */
  readOnly?: boolean;
  /** Why the role is shown read-only, when it is. */
  readOnlyReason?: string;
  catalog: Catalog;
  grantable: ReadonlySet<string>;
  onClose(): void;
  onSaved(row: RoleRow): void;
}

/** Add, edit or look at a role: its name, what it is for, and its permissions ticked in a tree. */
export function RoleForm({ role, readOnly = false, readOnlyReason, catalog, grantable, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Fields>();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const permissions = Form.useWatch('permissions', form) ?? role?.permissions ?? [];
  const adding = role === undefined;
  const label = readOnly ? '查看角色' : adding ? '新增角色' : '编辑角色';

  const save = useMutation({
    mutationFn: (call: () => Promise<RoleRow>) => call(),
    onSuccess: onSaved,
    onError: (error) => {
      if (showServerErrors(form, error)) return;
      // The one conflict a role save has is its name being taken: say so on the name.
      if (error instanceof ApiError && error.status === 409) {
        form.setFields([{ name: 'name', errors: [error.message] }]);
        return;
      }
      setProblem(errorText(error));
    },
  });

  const finish = (fields: Fields) => {
    const body = { name: fields.name, description: fields.description ?? '', permissions: fields.permissions ?? [] };
    if (role === undefined) {
      const parsed = parseForm(roleSaveBody, body);
      if (!parsed.ok) return setFieldErrors(form, parsed.errors);
      save.mutate(() => createRole(parsed.data));
    } else {
      const parsed = parseForm(roleUpdateBody, { ...body, id: role.id });
      if (!parsed.ok) return setFieldErrors(form, parsed.errors);
      save.mutate(() => updateRole(parsed.data));
    }
  };

  const unreachable = readOnly ? [] : outOfReach(permissions, grantable, catalog);
  const orphans = readOnly ? [] : actionsWithoutMenu(permissions, catalog);

  return (
    <FormDrawer
      size={560}
      title={adding ? '新增角色' : `${readOnly ? '查看' : '编辑'}角色：${role.name}`}
      onClose={onClose}
      onSave={readOnly ? undefined : () => form.submit()}
      saving={save.isPending}
      saveDisabled={unreachable.length > 0}
      problem={problem}
      notices={
        readOnly &&
        readOnlyReason !== undefined && <Alert type="info" showIcon title={readOnlyReason} className="lt-form-alert" />
      }
    >
      {unreachable.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className="lt-form-alert"
          title="该角色含有您没有的权限，不能由您修改"
          description={`${unreachable.map((p) => p.name).join('、')}。只有拥有这些权限的管理员才能修改此角色。`}
        />
      )}
      <Form<Fields>
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={{
          name: role?.name ?? '',
          description: role?.description ?? '',
          permissions: role?.permissions ?? [],
        }}
        onFinish={finish}
        onValuesChange={() => setProblem(undefined)}
        aria-label={label}
      >
        <Form.Item name="name" label="角色名称" required rules={[zodRule(roleSaveBody, 'name')]}>
          <Input maxLength={32} showCount autoComplete="off" placeholder="如：区县空气质量查看员" />
        </Form.Item>
        <Form.Item name="description" label="说明" rules={[zodRule(roleSaveBody, 'description')]}>
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} placeholder="此角色的用途" />
        </Form.Item>
        <Form.Item
          name="permissions"
          label="权限"
          rules={[zodRule(roleSaveBody, 'permissions')]}
          extra={
            readOnly
              ? undefined
              : '勾选平台即选中其下全部权限；“操作”为页面内的新增、修改等操作，需同时勾选对应页面。只能授予您自己拥有的权限。'
          }
        >
          <PermissionPicker catalog={catalog} grantable={grantable} disabled={readOnly} />
        </Form.Item>
        {orphans.length > 0 && (
          <Alert
            type="warning"
            showIcon
            className="lt-form-alert"
            title={`已勾选操作但未勾选其页面：${orphans.map((o) => `${o.action.name}（需“${o.menu.name}”）`).join('；')}`}
            description="没有页面权限时，这些操作无处可用。"
          />
        )}
      </Form>
    </FormDrawer>
  );
}
