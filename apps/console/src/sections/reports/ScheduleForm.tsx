import { REPORT_TYPES } from '@lantian/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { AreaCascader } from '../../shared/lookups/AreaCascader';
import { listTemplates, reportKeys, type ScheduleRow, saveSchedule } from './reports.api';

interface Values {
  name: string;
  type: string;
  areaCode: string;
  templateId: string;
  hour: number;
  weekday?: number;
  dayOfMonth?: number;
  minDays?: number;
  enabled: boolean;
}

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'].map((d, i) => ({ value: i + 1, label: `星期${d}` }));

/** A scheduled report: what it generates (its template), for which area, and when. */
export function ScheduleForm({ schedule, onClose }: { schedule?: ScheduleRow; onClose: (saved: boolean) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const type = Form.useWatch('type', form) ?? schedule?.type ?? 'month';
  const templates = useQuery({
    queryKey: reportKeys.templates({ pageSize: 100 }),
    queryFn: ({ signal }) => listTemplates({ pageSize: 100 }, signal),
  });
  return (
    <Modal
      open
      title={schedule === undefined ? '新增定时报告' : `修改定时报告：${schedule.name}`}
      confirmLoading={busy}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        aria-label="定时报告"
        initialValues={
          schedule === undefined
            ? { type: 'month', hour: 8, dayOfMonth: 1, weekday: 1, minDays: 2, enabled: true }
            : {
                name: schedule.name,
                type: schedule.type,
                areaCode: schedule.area.code,
                templateId: schedule.settings.templateId,
                hour: schedule.settings.hour,
                weekday: schedule.settings.weekday ?? 1,
                dayOfMonth: schedule.settings.dayOfMonth ?? 1,
                minDays: schedule.settings.minDays,
                enabled: schedule.enabled,
              }
        }
        onFinish={async (v) => {
          setBusy(true);
          try {
            await saveSchedule({
              id: schedule?.id,
              name: v.name,
              type: v.type,
              area: { name: v.areaCode },
              // The spec's summary travels as JSON text.
              summary: JSON.stringify({
                templateId: v.templateId,
                hour: v.hour,
                ...(v.type === 'week' ? { weekday: v.weekday } : {}),
                ...(v.type === 'month' ? { dayOfMonth: v.dayOfMonth } : {}),
                ...(v.type === 'episode' ? { minDays: v.minDays } : {}),
                enabled: v.enabled,
              }),
            });
            message.success('定时报告已保存');
            onClose(true);
          } catch (err) {
            message.error(errorText(err));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item name="name" label="名称" rules={[{ required: true, message: '请填写名称' }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="type" label="频率">
          <Select options={Object.entries(REPORT_TYPES).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="areaCode" label="区域" rules={[{ required: true, message: '请选择区域' }]}>
          <AreaCascader aria-label="定时报告区域" allowClear={false} />
        </Form.Item>
        <Form.Item
          name="templateId"
          label="模板（类型须与频率一致）"
          rules={[{ required: true, message: '请选择模板' }]}
        >
          <Select
            options={(templates.data?.list ?? [])
              .filter((t) => t.type === type)
              .map((t) => ({ value: t.id, label: t.name }))}
          />
        </Form.Item>
        <Form.Item name="hour" label="运行时刻（时）">
          <InputNumber min={0} max={23} />
        </Form.Item>
        {type === 'week' && (
          <Form.Item name="weekday" label="每周">
            <Select options={WEEKDAYS} />
          </Form.Item>
        )}
        {type === 'month' && (
          <Form.Item name="dayOfMonth" label="每月几日（1–28）">
            <InputNumber min={1} max={28} />
          </Form.Item>
        )}
        {type === 'episode' && (
          <Form.Item name="minDays" label="连续几天重度及以上污染算一次过程">
            <InputNumber min={1} max={10} />
          </Form.Item>
        )}
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
