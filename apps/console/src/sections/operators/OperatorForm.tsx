import { OPERATOR_PASSWORD_RULES, type OperatorRow, operatorCreateBody, operatorUpdateBody } from '@lantian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Select, TreeSelect } from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { FormDrawer } from '../../shared/form/FormDrawer';
import { parseForm, setFieldErrors, showServerErrors, zodRule } from '../../shared/form/zod-form';
import { orgTreeOptions, useOrgTree, useRoleOptions } from '../../shared/lookups/lookups';
import { createOperator, updateOperator } from './operators.api';

interface Fields {
  username: string;
  name: string;
  password?: string;
  orgId: string;
  roleIds: string[];
  phone?: string;
}

interface Props {
  /** The operator to edit; undefined to add one. */
  editing?: OperatorRow;
  onClose(): void;
  onSaved(row: OperatorRow): void;
}

/** Add or edit an operator: checked as typed and on submit with the call's own schema. */
export function OperatorForm({ editing, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Fields>();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const orgs = useOrgTree();
  const roles = useRoleOptions();
  const schema = editing === undefined ? operatorCreateBody : operatorUpdateBody;

  const save = useMutation({
    mutationFn: (call: () => Promise<OperatorRow>) => call(),
    onSuccess: onSaved,
    onError: (error) => {
      if (!showServerErrors(form, error)) setProblem(errorText(error));
    },
  });

  /** The whole body through the call's schema first (cross-field rules too), then to the server. */
  const finish = (fields: Fields) => {
    const body = { ...fields, phone: fields.phone?.trim() ? fields.phone.trim() : null };
    if (editing === undefined) {
      const parsed = parseForm(operatorCreateBody, body);
      if (!parsed.ok) return setFieldErrors(form, parsed.errors);
      save.mutate(() => createOperator(parsed.data));
    } else {
      const parsed = parseForm(operatorUpdateBody, { ...body, id: editing.id });
      if (!parsed.ok) return setFieldErrors(form, parsed.errors);
      save.mutate(() => updateOperator(parsed.data));
    }
  };

  const initial: Partial<Fields> =
    editing === undefined
      ? { roleIds: [] }
      : {
          username: editing.username,
          name: editing.name,
          orgId: editing.org.id,
          roleIds: editing.roles.map((r) => r.id),
          phone: editing.phone ?? '',
        };

  return (
    <FormDrawer
      title={editing === undefined ? '新增运营人员' : `编辑运营人员：${editing.username}`}
      onClose={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
      problem={problem}
    >
      <Form<Fields>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={finish}
        onValuesChange={() => setProblem(undefined)}
        aria-label={editing === undefined ? '新增运营人员' : '编辑运营人员'}
      >
        <Form.Item
          name="username"
          label="用户名"
          required
          rules={editing === undefined ? [zodRule(operatorCreateBody, 'username')] : []}
          extra={editing === undefined ? '3–32 位字母、数字、_ . -，以字母开头；创建后不能修改' : undefined}
        >
          <Input disabled={editing !== undefined} autoComplete="off" maxLength={32} />
        </Form.Item>
        <Form.Item name="name" label="姓名" required rules={[zodRule(schema, 'name')]}>
          <Input maxLength={32} />
        </Form.Item>
        {editing === undefined && (
          <Form.Item
            name="password"
            label="初始密码"
            required
            rules={[{ required: true, message: '请设置初始密码' }]}
            extra={`${OPERATOR_PASSWORD_RULES.text}。首次登录时须修改。`}
          >
            <Input.Password autoComplete="new-password" maxLength={32} />
          </Form.Item>
        )}
        <Form.Item
          name="orgId"
          label="所属组织"
          required
          rules={[{ required: true, message: '请选择所属组织' }]}
          extra="组织所辖的行政区划即此人的数据范围"
        >
          <TreeSelect
            treeData={orgTreeOptions(orgs.data ?? [])}
            loading={orgs.isPending}
            treeDefaultExpandAll
            showSearch={{ treeNodeFilterProp: 'title' }}
            placeholder="选择组织"
          />
        </Form.Item>
        <Form.Item name="roleIds" label="角色" rules={[zodRule(schema, 'roleIds')]}>
          <Select
            mode="multiple"
            loading={roles.isPending}
            placeholder="选择角色"
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item name="phone" label="手机号" rules={[zodRule(schema, 'phone')]}>
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
