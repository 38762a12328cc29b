import {
  OPEN_API_CODES,
  OPEN_APIS,
  OPEN_APP_MAX_RATE,
  type OpenAppCredentials,
  type OpenAppRow,
  openAppSaveBody,
  openAppUpdateBody,
} from '@lantian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Checkbox, DatePicker, Form, Input, InputNumber, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { FormDrawer } from '../../shared/form/FormDrawer';
import { parseForm, setFieldErrors, showServerErrors, zodRule } from '../../shared/form/zod-form';
import { SERVER_TIME_FORMAT } from '../../shared/time';
import { createOpenApp, updateOpenApp } from './open-apps.api';

interface Fields {
  name: string;
  apis: string[];
  rateLimitPerMinute: number | null;
  /** Kept as the server's text (`YYYY-MM-DD HH:mm:ss`) so that an unchanged expiry goes back unchanged. */
  expiresAt: string | null;
}

interface Props {
  /** The application to edit; undefined to register one. */
  editing?: OpenAppRow;
  onClose(): void;
  /** A registration answers the credentials (shown once); an edit the row. */
  onCreated(credentials: OpenAppCredentials): void;
  onUpdated(row: OpenAppRow): void;
}

const presets = () => [
  { label: '30 天后', value: dayjs().add(30, 'day').endOf('day') },
  { label: '90 天后', value: dayjs().add(90, 'day').endOf('day') },
  { label: '半年后', value: dayjs().add(6, 'month').endOf('day') },
  { label: '一年后', value: dayjs().add(1, 'year').endOf('day') },
];

/** Register an application or change one: which APIs, how many calls a minute, until when. */
export function OpenAppForm({ editing, onClose, onCreated, onUpdated }: Props) {
  const [form] = Form.useForm<Fields>();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const schema = editing === undefined ? openAppSaveBody : openAppUpdateBody;

  const create = useMutation({
    mutationFn: createOpenApp,
    onSuccess: onCreated,
    onError: (error) => {
      if (!showServerErrors(form, error)) setProblem(errorText(error));
    },
  });
  const update = useMutation({
    mutationFn: updateOpenApp,
    onSuccess: onUpdated,
    onError: (error) => {
      if (!showServerErrors(form, error)) setProblem(errorText(error));
    },
  });

  const finish = (fields: Fields) => {
    const body = {
      name: fields.name,
      // The catalogue's order, whatever order the boxes were ticked in.
      apis: OPEN_API_CODES.filter((code) => fields.apis.includes(code)),
      rateLimitPerMinute: fields.rateLimitPerMinute ?? undefined,
      expiresAt: fields.expiresAt ?? null,
    };
    if (editing === undefined) {
      const parsed = parseForm(openAppSaveBody, body);
      if (!parsed.ok) return setFieldErrors(form, parsed.errors);
      create.mutate(parsed.data);
    } else {
      const parsed = parseForm(openAppUpdateBody, { ...body, id: editing.id });
      if (!parsed.ok) return setFieldErrors(form, parsed.errors);
      update.mutate(parsed.data);
    }
  };

  const initial: Fields =
    editing === undefined
      ? { name: '', apis: [], rateLimitPerMinute: 60, expiresAt: null }
      : {
          name: editing.name,
          apis: editing.apis,
          rateLimitPerMinute: editing.rateLimitPerMinute,
          expiresAt: editing.expiresAt,
        };

  return (
    <FormDrawer
      size={560}
      title={editing === undefined ? '登记开放接口应用' : `编辑应用：${editing.name}`}
      onClose={onClose}
      onSave={() => form.submit()}
      saving={create.isPending || update.isPending}
      saveText={editing === undefined ? '登记并生成密钥' : '保存'}
      problem={problem}
      notices={
        editing === undefined ? (
          <Alert
            type="info"
            showIcon
            title="登记后立即生成 appKey 与 appSecret；appSecret 只显示一次，请准备好安全的保存位置。"
            className="lt-form-alert"
          />
        ) : (
          <Alert
            type="info"
            showIcon
            title="修改立即生效：已签发的令牌随之受新的接口范围、限额与到期时间约束。"
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
        aria-label={editing === undefined ? '登记开放接口应用' : '编辑开放接口应用'}
      >
        {editing !== undefined && (
          <Form.Item label="appKey">
            <Typography.Text code copyable>
              {editing.appKey}
            </Typography.Text>
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label="应用名称"
          required
          rules={[zodRule(schema, 'name')]}
          extra="调用方单位与用途，如“市生态环境局大屏”"
        >
          <Input maxLength={64} showCount />
        </Form.Item>
        <Form.Item name="apis" label="允许调用的接口" required rules={[zodRule(schema, 'apis')]}>
          <Checkbox.Group>
            <Space orientation="vertical">
              {OPEN_APIS.map((api) => (
                <Checkbox key={api.code} value={api.code}>
                  {api.name} <Typography.Text type="secondary">（{api.code}）</Typography.Text>
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        </Form.Item>
        <Form.Item
          name="rateLimitPerMinute"
          label="调用限额"
          required
          rules={[zodRule(openAppUpdateBody, 'rateLimitPerMinute')]}
          extra="每分钟最多调用次数（所有服务器实例合计），超出时返回 429"
        >
          <InputNumber min={1} max={OPEN_APP_MAX_RATE} precision={0} suffix="次/分钟" className="lt-openapp-rate" />
        </Form.Item>
        <Form.Item
          name="expiresAt"
          label="到期时间"
          rules={[zodRule(schema, 'expiresAt')]}
          extra="北京时间；到这一刻起不能再取令牌或调用。留空为长期有效。"
          getValueProps={(value: string | null | undefined) => ({ value: value ? dayjs(value) : null })}
          normalize={(value: Dayjs | null) => (value ? value.format(SERVER_TIME_FORMAT) : null)}
        >
          <DatePicker
            showTime
            format={SERVER_TIME_FORMAT}
            presets={presets()}
            placeholder="长期有效"
            allowClear
            disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
            className="lt-openapp-expiry"
          />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
