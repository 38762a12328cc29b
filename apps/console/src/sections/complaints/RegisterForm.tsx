import { complaintSaveBody } from '@lantian/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Radio, Space, TreeSelect } from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { FormDrawer } from '../../shared/form/FormDrawer';
import { parseForm, setFieldErrors, showServerErrors, zodRule } from '../../shared/form/zod-form';
import type { TypeOption } from './complaint-view';
import { type ComplaintRow, saveComplaint } from './complaints.api';

type Values = {
  source?: 'hotline' | 'operator';
  type?: string;
  title?: string;
  content?: string;
  contactName?: string;
  phone?: string;
  address?: string;
  longitude?: number | null;
  latitude?: number | null;
};

/** Empty inputs are "not given" (the schema reads '' so too), and an emptied number is null in antd. */
const given = <T,>(v: T | null | undefined): T | undefined => (v === null || v === '' ? undefined : v);

/**
 * 登记投诉: a complaint taken by phone (热线电话) or at the desk (窗口登记). Registering accepts it; the
 * caller gets the tracking number to follow it on the public site.
 */
export function RegisterForm({
  types,
  onClose,
  onDone,
}: {
  types: TypeOption[];
  onClose(): void;
  onDone(row: ComplaintRow): void;
}) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const save = useMutation({
    mutationFn: saveComplaint,
    onSuccess: (row) => {
      void message.success(`已登记，投诉编号 ${row.no}`, 6);
      onDone(row);
    },
    onError: (error) => {
      if (!showServerErrors(form, error)) setProblem(errorText(error));
    },
  });

  const submit = (values: Values) => {
    setProblem(undefined);
    const parsed = parseForm(complaintSaveBody, {
      ...values,
      contactName: given(values.contactName),
      phone: given(values.phone),
      longitude: given(values.longitude),
      latitude: given(values.latitude),
    });
    if (!parsed.ok) return setFieldErrors(form, parsed.errors);
    save.mutate(parsed.data);
  };

  return (
    <FormDrawer
      title="登记投诉"
      onClose={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
      saveText="登记"
      problem={problem}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        onValuesChange={() => setProblem(undefined)}
        initialValues={{ source: 'hotline' }}
        aria-label="登记投诉"
      >
        <Form.Item name="source" label="来源">
          <Radio.Group
            options={[
              { value: 'hotline', label: '热线电话' },
              { value: 'operator', label: '窗口登记' },
            ]}
          />
        </Form.Item>
        <Form.Item name="type" label="投诉类别" required rules={[{ required: true, message: '请选择投诉类别' }]}>
          <TreeSelect
            treeData={types}
            showSearch
            treeNodeFilterProp="title"
            placeholder="选择类别"
            aria-label="投诉类别"
          />
        </Form.Item>
        <Form.Item name="title" label="标题" required rules={[zodRule(complaintSaveBody, 'title')]}>
          <Input maxLength={80} placeholder="一句话概括，如：工地夜间扬尘" />
        </Form.Item>
        <Form.Item name="content" label="投诉内容" required rules={[zodRule(complaintSaveBody, 'content')]}>
          <Input.TextArea rows={5} maxLength={2000} showCount placeholder="来电所述情况：时间、地点、现象" />
        </Form.Item>
        <Form.Item name="address" label="地址" rules={[zodRule(complaintSaveBody, 'address')]}>
          <Input maxLength={200} placeholder="如：北辰东路 8 号南侧工地" />
        </Form.Item>
        <Form.Item label="位置（选填，经纬度）">
          <Space.Compact block>
            <Form.Item name="longitude" noStyle>
              <InputNumber<number>
                placeholder="经度"
                min={73}
                max={136}
                precision={6}
                aria-label="经度"
                className="lt-complaint-coord"
              />
            </Form.Item>
            <Form.Item name="latitude" noStyle>
              <InputNumber<number>
                placeholder="纬度"
                min={3}
                max={54}
                precision={6}
                aria-label="纬度"
                className="lt-complaint-coord"
              />
            </Form.Item>
          </Space.Compact>
          <Form.Item shouldUpdate noStyle>
            {() => {
              const errors = [...form.getFieldError('longitude'), ...form.getFieldError('latitude')];
              return errors.length > 0 ? <div className="ant-form-item-explain-error">{errors[0]}</div> : null;
            }}
          </Form.Item>
        </Form.Item>
        <div className="lt-complaint-contact">
          <Form.Item name="contactName" label="联系人（选填）" rules={[zodRule(complaintSaveBody, 'contactName')]}>
            <Input maxLength={32} placeholder="姓名" />
          </Form.Item>
          <Form.Item name="phone" label="联系电话（选填）" rules={[zodRule(complaintSaveBody, 'phone')]}>
            <Input maxLength={11} inputMode="tel" placeholder="手机号" />
          </Form.Item>
        </div>
      </Form>
    </FormDrawer>
  );
}
