import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Form, Input, InputNumber, Select, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { FormDrawer } from '../../shared/form/FormDrawer';
import { useCan } from '../../shared/session/session-context';
import { ConfirmLink } from '../../shared/table/ConfirmLink';
import { SERVER_TIME_FORMAT } from '../../shared/time';
import { eleApi, eleKeys, type Order } from './ele.api';
import { usePaging } from './paging';

const STATUS_COLOURS: Record<string, string> = { pending: 'blue', active: 'red', ended: 'default', revoked: 'default' };

/** 停限产令 of heavy-pollution responses: checked against the lines' meters while in force. */
export function OrdersTab() {
  const canEdit = useCan('ele:edit');
  const { page, pagination } = usePaging();
  const [adding, setAdding] = useState(false);
  const list = useQuery({
    queryKey: eleKeys.call('orders', page),
    queryFn: ({ signal }) => eleApi.orders(page, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <div className="lt-ele-toolbar">
        <Alert
          type="info"
          showIcon
          className="lt-grow"
          title="停产：生产线不得运行；限产 r%：生产线功率不得超过基准生产功率的 (100−r)%。违反持续 30 分钟即告警。"
        />
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            下达停限产令
          </Button>
        )}
      </div>
      {list.isError && <Alert type="error" showIcon title={errorText(list.error)} />}
      <Table<Order>
        rowKey="orderId"
        size="middle"
        dataSource={list.data?.list ?? []}
        loading={list.isFetching && list.data === undefined}
        pagination={pagination(list.data?.total ?? 0)}
        scroll={{ x: 1000 }}
        columns={[
          { title: '名称', dataIndex: 'title' },
          { title: '企业', dataIndex: 'enterpriseName' },
          {
            title: '措施',
            key: 'measure',
            width: 110,
            render: (_: unknown, r) => (r.measure === 'stop' ? '停产' : `限产 ${r.ratio}%`),
          },
          { title: '生产线', dataIndex: 'siteNames', width: 140, render: (names: string[]) => names.join('、') },
          { title: '开始', dataIndex: 'startTime', width: 170 },
          { title: '结束', dataIndex: 'endTime', width: 170 },
          {
            title: '状态',
            dataIndex: 'statusName',
            width: 90,
            render: (t: string, r) => <Tag color={STATUS_COLOURS[r.status]}>{t}</Tag>,
          },
          ...(canEdit
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  width: 80,
                  render: (_: unknown, r: Order) =>
                    r.status === 'active' || r.status === 'pending' ? (
                      <ConfirmLink
                        title={`撤销「${r.title}」？`}
                        label="撤销"
                        action={() => eleApi.revokeOrder(r.orderId)}
                        refresh={eleKeys.all}
                        done="已撤销"
                      />
                    ) : null,
                },
              ]
            : []),
        ]}
      />
      {adding && <OrderForm onClose={() => setAdding(false)} />}
    </>
  );
}

interface OrderValues {
  enterpriseId: string;
  title: string;
  measure: 'stop' | 'limit';
  ratio?: number;
  siteIds: string[];
  period: [Dayjs, Dayjs];
}

function OrderForm({ onClose }: { onClose(): void }) {
  const [form] = Form.useForm<OrderValues>();
  const enterpriseId = Form.useWatch('enterpriseId', form);
  const measure = Form.useWatch('measure', form) ?? 'limit';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const enterprises = useQuery({
    queryKey: eleKeys.call('enterprises', { pageSize: 100 }),
    queryFn: ({ signal }) => eleApi.enterprises({ pageSize: 100 }, signal),
  });
  const lines = useQuery({
    queryKey: eleKeys.call('sites', { enterpriseId, kind: 'production' }),
    queryFn: ({ signal }) => eleApi.sites({ enterpriseId, kind: 'production', pageSize: 100 }, signal),
    enabled: enterpriseId !== undefined,
  });
  const save = useMutation({
    mutationFn: (v: OrderValues) =>
      eleApi.saveOrder({
        enterpriseId: v.enterpriseId,
        title: v.title,
        measure: v.measure,
        ratio: v.measure === 'limit' ? (v.ratio ?? null) : null,
        siteIds: v.siteIds,
        startTime: v.period[0].format(SERVER_TIME_FORMAT),
        endTime: v.period[1].format(SERVER_TIME_FORMAT),
      }),
    onSuccess: () => {
      message.success('已下达');
      void queryClient.invalidateQueries({ queryKey: eleKeys.all });
      onClose();
    },
    onError: (err) => setProblem(errorText(err)),
  });
  return (
    <FormDrawer
      title="下达停限产令"
      onClose={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
      problem={problem}
    >
      <Form<OrderValues>
        form={form}
        layout="vertical"
        initialValues={{ measure: 'limit', ratio: 30 }}
        onFinish={(v) => save.mutate(v)}
        onValuesChange={() => setProblem(undefined)}
      >
        <Form.Item name="enterpriseId" label="企业" rules={[{ required: true, message: '请选择企业' }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={(enterprises.data?.list ?? []).map((e) => ({ value: e.enterpriseId, label: e.name }))}
          />
        </Form.Item>
        <Form.Item name="title" label="名称" rules={[{ required: true, message: '请填写名称' }]}>
          <Input maxLength={60} placeholder="如 重污染天气橙色预警应急减排" />
        </Form.Item>
        <Form.Item name="measure" label="措施">
          <Select
            options={[
              { value: 'limit', label: '限产' },
              { value: 'stop', label: '停产' },
            ]}
          />
        </Form.Item>
        {measure === 'limit' && (
          <Form.Item name="ratio" label="限产比例 %" rules={[{ required: true, message: '请填写限产比例' }]}>
            <InputNumber min={1} max={99} />
          </Form.Item>
        )}
        <Form.Item name="siteIds" label="生产线" rules={[{ required: true, message: '请选择生产线' }]}>
          <Select mode="multiple" options={(lines.data?.list ?? []).map((s) => ({ value: s.siteId, label: s.name }))} />
        </Form.Item>
        <Form.Item name="period" label="执行时段" rules={[{ required: true, message: '请选择执行时段' }]}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
