import type { GridTreeNode, OrgNode } from '@lantian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Cascader, Form, type FormRule, Input, Modal, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { errorText } from '../../shared/api';
import { parseForm, setFieldErrors, showServerErrors, zodRule } from '../../shared/form/zod-form';
import { type AreaOption, areaOptions, areaPath, matchesArea, type OrgRow } from './org-tree';
import { createOrg, orgSaveBody, orgUpdateBody, updateOrg } from './orgs.api';

/** What the form is for: a new organisation under `parent`, or changing `org`. */
export type OrgTarget = { kind: 'add'; parent: OrgRow } | { kind: 'edit'; org: OrgRow };

interface Fields {
  name: string;
  /** The cascader's value: area codes from its first level down to the chosen one (the last). */
  areaCode: string[];
}

interface Props {
  target: OrgTarget;
  /** The reader's areas down to the counties; undefined when they cannot be had (then a code is typed). */
  areaTree: readonly GridTreeNode[] | undefined;
  areaTreeLoading: boolean;
  onClose(): void;
  onSaved(node: OrgNode): void;
}

const chosenCode = (path: readonly string[] | undefined) => path?.[path.length - 1];

/** An area must be chosen, and be a 6-digit code (the cascader's codes are; a typed one may not be). */
const areaRule: FormRule = {
  validator: async (_rule, value: string[] | undefined) => {
    const code = chosenCode(value)?.trim();
    if (code === undefined || code === '') throw new Error('请选择行政区划');
    if (!/^\d{6}$/.test(code)) throw new Error('应为 6 位区划代码');
  },
};

/** Add an organisation under another, or change one's name and area (the area stays inside the parent's). */
export function OrgForm({ target, areaTree, areaTreeLoading, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Fields>();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const adding = target.kind === 'add';
  const org = target.kind === 'edit' ? target.org : undefined;
  const parent = target.kind === 'add' ? target.parent : target.org.parent;
  // The server does not let the root organisation's area change (it is the whole tree's).
  const fixedArea = org !== undefined && org.parentId === null;

  const options: AreaOption[] = useMemo(
    () => (areaTree === undefined ? [] : areaOptions(areaTree, parent?.areaCode)),
    [areaTree, parent?.areaCode],
  );
  const initialPath =
    org === undefined
      ? []
      : areaTree === undefined || fixedArea
        ? [org.areaCode]
        : (areaPath(options, org.areaCode) ?? []);
  const chosen = chosenCode(Form.useWatch('areaCode', form));

  // The areas may arrive after the form opened (or fail to): show the edited organisation's area once they do.
  useEffect(() => {
    if (org === undefined || fixedArea || areaTreeLoading || form.isFieldTouched('areaCode')) return;
    form.setFieldValue('areaCode', areaTree === undefined ? [org.areaCode] : (areaPath(options, org.areaCode) ?? []));
  }, [org, fixedArea, areaTree, areaTreeLoading, options, form]);

  const save = useMutation({
    mutationFn: (call: () => Promise<OrgNode>) => call(),
    onSuccess: onSaved,
    onError: (error) => {
      if (!showServerErrors(form, error)) setProblem(errorText(error));
    },
  });

  const finish = (fields: Fields) => {
    const areaCode = chosenCode(fields.areaCode)?.trim() ?? '';
    if (target.kind === 'add') {
      const parsed = parseForm(orgSaveBody, { parentId: target.parent.id, name: fields.name, areaCode });
      if (!parsed.ok) return setFieldErrors(form, parsed.errors);
      save.mutate(() => createOrg(parsed.data));
    } else {
      const parsed = parseForm(orgUpdateBody, { id: target.org.id, name: fields.name, areaCode });
      if (!parsed.ok) return setFieldErrors(form, parsed.errors);
      save.mutate(() => updateOrg(parsed.data));
    }
  };

  const label = adding ? '新增组织' : '编辑组织';
  return (
    <Modal
      open
      title={adding ? `新增下级组织：${target.parent.name}` : `编辑组织：${target.org.name}`}
      okText="保存"
      // Plain "保存", not antd's "保 存": the button's accessible name is the word itself.

      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      {problem !== undefined && <Alert type="error" showIcon title={problem} className="lt-form-alert" />}
      <Form<Fields>
        form={form}
        layout="vertical"
        initialValues={{ name: org?.name ?? '', areaCode: initialPath }}
        onFinish={finish}
        onValuesChange={() => setProblem(undefined)}
        aria-label={label}
      >
        <Form.Item label="上级组织">
          {parent === null ? (
            <Typography.Text type="secondary">
              {org?.parentId === null ? '无（根组织）' : '上级组织不在您的管辖范围内'}
            </Typography.Text>
          ) : (
            <Typography.Text>
              {parent.name}
              <span className="lt-muted">
                （{parent.areaName} {parent.areaCode}）
              </span>
            </Typography.Text>
          )}
        </Form.Item>
        <Form.Item name="name" label="组织名称" required rules={[zodRule(orgSaveBody, 'name')]}>
          <Input maxLength={64} showCount autoComplete="off" placeholder="如：朝阳区分局" />
        </Form.Item>
        {fixedArea ? (
          <Form.Item label="行政区划" extra="根组织的行政区划即整个组织树的范围，不能修改">
            <Typography.Text>
              {org.areaName}
              <span className="lt-muted">（{org.areaCode}）</span>
            </Typography.Text>
            <Form.Item name="areaCode" hidden noStyle>
              <Input />
            </Form.Item>
          </Form.Item>
        ) : areaTree === undefined && !areaTreeLoading ? (
          <Form.Item
            name="areaCode"
            label="行政区划"
            required
            rules={[areaRule]}
            getValueProps={(value: string[] | undefined) => ({ value: chosenCode(value) ?? '' })}
            getValueFromEvent={(event: { target: { value: string } }) => [event.target.value]}
            extra={`无法加载行政区划列表，请输入 6 位区划代码（GB/T 2260）${
              parent === null ? '' : `，须在上级组织的区域（${parent.areaName}）之内`
            }。`}
          >
            <Input maxLength={6} inputMode="numeric" placeholder="如：110105" autoComplete="off" />
          </Form.Item>
        ) : (
          <Form.Item
            name="areaCode"
            label="行政区划"
            required
            rules={[areaRule]}
            extra={
              <>
                {chosen !== undefined && <div>区划代码：{chosen}</div>}
                <div>
                  组织所辖的行政区划即其人员的数据范围（含下级区划）
                  {parent === null ? '' : `，须在上级组织的区域（${parent.areaName}）之内`}。
                </div>
              </>
            }
          >
            <Cascader<AreaOption>
              options={options}
              loading={areaTreeLoading}
              changeOnSelect
              showSearch={{ filter: (input, path) => matchesArea(input, path), limit: 50 }}
              placeholder="选择，或输入名称、区划代码搜索"
              notFoundContent={areaTreeLoading ? '正在加载行政区划…' : '没有匹配的行政区划'}
            />
          </Form.Item>
        )}
        {org !== undefined && org.childCount > 0 && !fixedArea && (
          <Alert
            type="info"
            showIcon
            title="修改区域不会改动下级组织的区域，请确认它们仍在新区域之内。"
            className="lt-form-alert"
          />
        )}
      </Form>
    </Modal>
  );
}
