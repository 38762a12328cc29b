import { type DictTypeRow, dictTypeSaveBody } from '@lantian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { parseForm, setFieldErrors, showServerErrors, zodRule } from '../../shared/form/zod-form';
import { createDictType, updateDictType } from './dictionary.api';

interface Fields {
  code: string;
  name: string;
  description?: string;
}

interface Props {
  /** The type to edit; undefined to add one. */
  editing?: DictTypeRow;
  onClose(): void;
  onSaved(row: DictTypeRow): void;
}

/** Add a dictionary type, or rename / re-describe a custom one (the code never changes). */
export function TypeForm({ editing, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Fields>();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const save = useMutation({
    mutationFn: (call: () => Promise<DictTypeRow>) => call(),
    onSuccess: onSaved,
    onError: (error) => {
      if (!showServerErrors(form, error)) setProblem(errorText(error));
    },
  });

  const finish = (fields: Fields) => {
    const parsed = parseForm(dictTypeSaveBody, { ...fields, description: fields.description ?? '' });
    if (!parsed.ok) return setFieldErrors(form, parsed.errors);
    save.mutate(() => (editing === undefined ? createDictType(parsed.data) : updateDictType(parsed.data)));
  };

  return (
    <Modal
      open
      title={editing === undefined ? '新增字典类型' : `编辑字典类型：${editing.code}`}
      okText="保存"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {problem !== undefined && <Alert type="error" showIcon title={problem} className="lt-form-alert" />}
      <Form<Fields>
        form={form}
        layout="vertical"
        initialValues={editing ?? {}}
        onFinish={finish}
        onValuesChange={() => setProblem(undefined)}
        aria-label={editing === undefined ? '新增字典类型' : '编辑字典类型'}
      >
        <Form.Item
          name="code"
          label="类型代码"
          required
          rules={editing === undefined ? [zodRule(dictTypeSaveBody, 'code')] : []}
          extra={editing === undefined ? '2–48 位字母、数字、_，以字母开头，如 deviceType；创建后不能修改' : undefined}
        >
          <Input disabled={editing !== undefined} autoComplete="off" maxLength={48} className="lt-mono" />
        </Form.Item>
        <Form.Item name="name" label="类型名称" required rules={[zodRule(dictTypeSaveBody, 'name')]}>
          <Input maxLength={32} showCount />
        </Form.Item>
        <Form.Item name="description" label="说明" rules={[zodRule(dictTypeSaveBody, 'description')]}>
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
