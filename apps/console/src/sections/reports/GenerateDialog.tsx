import { useQuery } from '@tanstack/react-query';
import { App, DatePicker, Form, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../shared/api';
import { AreaCascader } from '../../shared/lookups/AreaCascader';
import { generateRecord, listTemplates, reportKeys } from './reports.api';
import { timepointOf } from './template-editor';

interface Values {
  templateId: string;
  areaCode: string;
  month?: Dayjs;
  day?: Dayjs;
  range?: [Dayjs, Dayjs];
}

/** 生成报告: a template, an area of the operator's, and a period that has ended. */
export function GenerateDialog({ onClose }: { onClose: () => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const templates = useQuery({
    queryKey: reportKeys.templates({ pageSize: 100 }),
    queryFn: ({ signal }) => listTemplates({ pageSize: 100 }, signal),
  });
  const templateId = Form.useWatch('templateId', form);
  const type = templates.data?.list.find((t) => t.id === templateId)?.type ?? 'month';

  return (
    <Modal open title="生成报告" okText="生成" confirmLoading={busy} onCancel={onClose} onOk={() => form.submit()}>
      <Form
        form={form}
        layout="vertical"
        aria-label="生成报告"
        onFinish={async (values) => {
          const period = timepointOf(type, {
            month: values.month?.format('YYYY-MM'),
            day: type === 'week' ? values.day?.startOf('week').format('YYYY-MM-DD') : values.day?.format('YYYY-MM-DD'),
            range:
              values.range === undefined
                ? undefined
                : [values.range[0].format('YYYY-MM-DD'), values.range[1].format('YYYY-MM-DD')],
          });
          if (period === undefined) return;
          setBusy(true);
          try {
            const record = await generateRecord({
              templateId: values.templateId,
              areaCode: values.areaCode,
              ...period,
            });
            message.success(`已生成《${record.title}》`);
            onClose();
            navigate(`/reports/records/${record.id}`);
          } catch (err) {
            message.error(errorText(err));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item name="templateId" label="模板" rules={[{ required: true, message: '请选择模板' }]}>
          <Select
            loading={templates.isPending}
            options={(templates.data?.list ?? []).map((t) => ({ value: t.id, label: `${t.name}（${t.typeName}）` }))}
          />
        </Form.Item>
        <Form.Item name="areaCode" label="区域" rules={[{ required: true, message: '请选择区域' }]}>
          <AreaCascader aria-label="报告区域" allowClear={false} />
        </Form.Item>
        {type === 'month' && (
          <Form.Item name="month" label="月份" rules={[{ required: true, message: '请选择月份' }]}>
            <DatePicker picker="month" aria-label="报告月份" />
          </Form.Item>
        )}
        {(type === 'day' || type === 'week') && (
          <Form.Item
            name="day"
            label={type === 'week' ? '周' : '日期'}
            rules={[{ required: true, message: '请选择日期' }]}
          >
            <DatePicker picker={type === 'week' ? 'week' : 'date'} aria-label="报告日期" />
          </Form.Item>
        )}
        {type === 'episode' && (
          <Form.Item name="range" label="过程起止" rules={[{ required: true, message: '请选择起止日期' }]}>
            <DatePicker.RangePicker />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
