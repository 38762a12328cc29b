import { PlusOutlined } from '@ant-design/icons';
import { ELE_OPERATE_STATUSES } from '@lantian/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Badge, Button, Form, Input, InputNumber, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../shared/api';
import { FormDrawer } from '../../shared/form/FormDrawer';
import { useCan } from '../../shared/session/session-context';
import { type Enterprise, eleApi, eleKeys } from './ele.api';
import { usePaging } from './paging';

const STATUS_OPTIONS = Object.entries(ELE_OPERATE_STATUSES).map(([value, label]) => ({ value, label }));

export function useTradeTypes() {
  return useQuery({
    queryKey: eleKeys.call('tradeTypes'),
    queryFn: ({ signal }) => eleApi.tradeTypes(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The enterprises of the area: state of their meters, alarms and problems; a click opens the day. */
export function EnterprisesTab() {
  const canEdit = useCan('ele:edit');
  const { page, pagination, first } = usePaging();
  const [filters, setFilters] = useState<{ name?: string; tradeType?: string; operateStatus?: string }>({});
  const [editing, setEditing] = useState<Enterprise | 'new' | undefined>(undefined);
  const trades = useTradeTypes();
  const params = { ...page, ...filters };
  const list = useQuery({
    queryKey: eleKeys.call('enterprises', params),
    queryFn: ({ signal }) => eleApi.enterprises(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  const set = (next: typeof filters) => {
    setFilters({ ...filters, ...next });
    first();
  };

  return (
    <>
      <search className="lt-ele-toolbar" aria-label="筛选企业">
        <Input.Search
          allowClear
          placeholder="企业名称或信用代码"
          aria-label="企业名称或信用代码"
          style={{ width: 240 }}
          onSearch={(v) => set({ name: v === '' ? undefined : v })}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="全部行业"
          aria-label="行业类别"
          style={{ width: 220 }}
          value={filters.tradeType}
          onChange={(v?: string) => set({ tradeType: v })}
          options={(trades.data ?? []).map((t) => ({ value: t.code, label: `${t.name}（${t.code}）` }))}
        />
        <Select
          allowClear
          placeholder="全部生产状态"
          aria-label="生产状态"
          style={{ width: 150 }}
          value={filters.operateStatus}
          onChange={(v?: string) => set({ operateStatus: v })}
          options={STATUS_OPTIONS}
        />
        <span className="lt-grow" />
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            登记企业
          </Button>
        )}
      </search>
      {list.isError && <Alert type="error" showIcon title={errorText(list.error)} />}
      <Table<Enterprise>
        rowKey="enterpriseId"
        size="middle"
        loading={list.isFetching && list.data === undefined}
        dataSource={list.data?.list ?? []}
        pagination={pagination(list.data?.total ?? 0)}
        scroll={{ x: 1000 }}
        columns={[
          {
            title: '企业名称',
            dataIndex: 'name',
            render: (name: string, row) => <Link to={`/ele/enterprises/${row.enterpriseId}`}>{name}</Link>,
          },
          { title: '行业', dataIndex: 'tradeTypeName' },
          { title: '区域', dataIndex: 'areaName', width: 100 },
          {
            title: '生产状态',
            dataIndex: 'operateStatusName',
            width: 100,
            render: (text: string, row) => (
              <Tag color={row.operateStatus === 'operating' ? 'blue' : 'default'}>{text}</Tag>
            ),
          },
          {
            title: '当前工况',
            key: 'abnormal',
            width: 140,
            render: (_: unknown, row) =>
              row.abnormal ? (
                <Badge status="error" text="生产运行、治污停运" />
              ) : (
                <Badge status="success" text="正常" />
              ),
          },
          {
            title: '电表在线',
            key: 'meters',
            width: 100,
            render: (_: unknown, row) => `${row.onlineMeters} / ${row.meterCount}`,
          },
          {
            title: '未解除告警',
            dataIndex: 'activeAlarms',
            width: 100,
            render: (n: number) => (n > 0 ? <Tag color="red">{n}</Tag> : 0),
          },
          { title: '未办结问题单', dataIndex: 'openProblems', width: 110 },
          ...(canEdit
            ? [
                {
                  title: '操作',
                  key: 'edit',
                  width: 80,
                  render: (_: unknown, row: Enterprise) => (
                    <Button type="link" size="small" onClick={() => setEditing(row)}>
                      编辑
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing !== undefined && (
        <EnterpriseForm row={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />
      )}
    </>
  );
}

interface EnterpriseValues {
  name: string;
  creditCode: string;
  tradeType: string;
  operateStatus: string;
  areaCode: string;
  lon: number;
  lat: number;
  address?: string;
  contact?: string;
  phone?: string;
}

export function EnterpriseForm({ row, onClose }: { row: Enterprise | undefined; onClose(): void }) {
  const [form] = Form.useForm<EnterpriseValues>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const trades = useTradeTypes();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const save = useMutation({
    mutationFn: (values: EnterpriseValues) =>
      eleApi.saveEnterprise({ ...values, ...(row === undefined ? {} : { enterpriseId: row.enterpriseId }) }),
    onSuccess: () => {
      message.success('已保存');
      void queryClient.invalidateQueries({ queryKey: eleKeys.all });
      onClose();
    },
    onError: (err) => setProblem(errorText(err)),
  });
  return (
    <FormDrawer
      title={row === undefined ? '登记企业' : `编辑：${row.name}`}
      onClose={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
      problem={problem}
    >
      <Form<EnterpriseValues>
        form={form}
        layout="vertical"
        initialValues={row ?? { operateStatus: 'operating' }}
        onFinish={(v) => save.mutate(v)}
        onValuesChange={() => setProblem(undefined)}
      >
        <Form.Item name="name" label="企业名称" rules={[{ required: true, message: '请填写企业名称' }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          name="creditCode"
          label="统一社会信用代码"
          rules={[{ required: true, message: '请填写统一社会信用代码' }]}
        >
          <Input maxLength={18} />
        </Form.Item>
        <Form.Item
          name="tradeType"
          label="行业类别（GB/T 4754-2017）"
          rules={[{ required: true, message: '请选择行业类别' }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={(trades.data ?? []).map((t) => ({ value: t.code, label: `${t.name}（${t.code}）` }))}
          />
        </Form.Item>
        <Form.Item name="operateStatus" label="生产状态">
          <Select options={STATUS_OPTIONS} />
        </Form.Item>
        <Form.Item name="areaCode" label="区划代码" rules={[{ required: true, message: '请填写 6 位区划代码' }]}>
          <Input maxLength={6} placeholder="如 110112" />
        </Form.Item>
        <Form.Item label="经纬度" required>
          <Form.Item name="lon" noStyle rules={[{ required: true, message: '请填写经度' }]}>
            <InputNumber placeholder="经度" step={0.001} style={{ width: 140, marginRight: 8 }} />
          </Form.Item>
          <Form.Item name="lat" noStyle rules={[{ required: true, message: '请填写纬度' }]}>
            <InputNumber placeholder="纬度" step={0.001} style={{ width: 140 }} />
          </Form.Item>
        </Form.Item>
        <Form.Item name="address" label="地址">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="contact" label="联系人">
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="phone" label="联系电话">
          <Input maxLength={20} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
