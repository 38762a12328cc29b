import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type DictItemRow, dictItemSaveBody } from '@lantian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Space, Switch } from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { FormDrawer } from '../../shared/form/FormDrawer';
import { parseForm, setFieldErrors, showServerErrors, zodRule } from '../../shared/form/zod-form';
import { EXTRA_REQUIREMENTS, type ExtraRow, extraOf, extraRows, starterRows } from './dictionary';
import { createDictItem, updateDictItem } from './dictionary.api';

interface Fields {
  value: string;
  label: string;
  sort: number | null;
  enabled: boolean;
  /** Edited as rows; sent as an object (see extraOf). */
  extra: ExtraRow[];
}

interface Props {
  type: { code: string; name: string };
  /** The item to edit; undefined to add one. */
  editing?: DictItemRow;
  /** Where a new item goes. */
  defaultSort: number;
  onClose(): void;
  onSaved(row: DictItemRow): void;
}

const MAX_EXTRA = 10;

/** Add or edit a dictionary item: its code is fixed once created; label, order, state and extras can change. */
export function ItemForm({ type, editing, defaultSort, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Fields>();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const requirement = EXTRA_REQUIREMENTS[type.code];
  const save = useMutation({
    mutationFn: (call: () => Promise<DictItemRow>) => call(),
    onSuccess: onSaved,
    onError: (error) => {
      if (!showServerErrors(form, error)) setProblem(errorText(error));
    },
  });

  const finish = (fields: Fields) => {
    const extra = extraOf(fields.extra ?? []);
    if (!extra.ok) return form.setFields([{ name: 'extra', errors: [extra.message] }]);
    const parsed = parseForm(dictItemSaveBody, {
      type: type.code,
      value: editing?.value ?? fields.value,
      label: fields.label,
      sort: fields.sort ?? undefined,
      enabled: fields.enabled,
      extra: extra.extra,
    });
    if (!parsed.ok) return setFieldErrors(form, parsed.errors);
    save.mutate(() => (editing === undefined ? createDictItem(parsed.data) : updateDictItem(parsed.data)));
  };

  const initial: Fields =
    editing === undefined
      ? { value: '', label: '', sort: defaultSort, enabled: true, extra: starterRows(type.code) }
      : { ...editing, extra: extraRows(editing.extra) };

  return (
    <FormDrawer
      size={560}
      title={editing === undefined ? `新增字典项：${type.name}` : `编辑字典项：${type.name} / ${editing.value}`}
      onClose={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
      problem={problem}
      notices={
        editing?.builtin && (
          <Alert
            type="info"
            showIcon
            title="内置字典项：平台功能依赖它的代码，可改名称、排序、启用状态和附加属性，不能删除。"
            className="lt-form-alert"
          />
        )
      }
    >
      <Form<Fields>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={finish}
        onValuesChange={() => setProblem(undefined)}
        aria-label={editing === undefined ? '新增字典项' : '编辑字典项'}
      >
        <Form.Item
          name="value"
          label="代码"
          required
          rules={editing === undefined ? [zodRule(dictItemSaveBody, 'value')] : []}
          extra={editing === undefined ? '数据中保存的值，不含空格或逗号；创建后不能修改' : undefined}
        >
          <Input disabled={editing !== undefined} autoComplete="off" maxLength={48} className="lt-mono" />
        </Form.Item>
        <Form.Item name="label" label="显示名称" required rules={[zodRule(dictItemSaveBody, 'label')]}>
          <Input maxLength={48} showCount />
        </Form.Item>
        <Space size="large" align="start">
          <Form.Item name="sort" label="排序" rules={[zodRule(dictItemSaveBody, 'sort')]} extra="0–9999，小的在前">
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label="启用" valuePropName="checked" extra="停用后不再出现在下拉选项中">
            <Switch checkedChildren="启用" unCheckedChildren="停用" />
          </Form.Item>
        </Space>
        <Form.Item
          label="附加属性"
          extra={
            requirement?.text ??
            '可选，最多 10 个，如因子的单位 unit、等级的颜色 color；属性名为字母开头的字母、数字、_'
          }
        >
          <Form.List name="extra">
            {(fields, { add, remove }, { errors }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" className="lt-dict-extra-row">
                    <Form.Item name={[field.name, 'key']} noStyle>
                      <Input placeholder="属性名" aria-label="属性名" maxLength={32} className="lt-dict-extra-key" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'value']} noStyle>
                      <Input placeholder="属性值" aria-label="属性值" maxLength={200} className="lt-dict-extra-value" />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label="删除此属性"
                      onClick={() => remove(field.name)}
                    />
                  </Space>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ key: '', value: '' })}
                  disabled={fields.length >= MAX_EXTRA}
                  block
                >
                  添加附加属性
                </Button>
                <Form.ErrorList errors={errors} />
              </>
            )}
          </Form.List>
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
