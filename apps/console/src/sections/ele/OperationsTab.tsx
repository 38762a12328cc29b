import { PlusOutlined } from '@ant-design/icons';
import { ELE_OPERATION_KINDS } from '@lantian/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Form, Input, Select, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { FormDrawer } from '../../shared/form/FormDrawer';
import { useCan } from '../../shared/session/session-context';
import { ConfirmLink } from '../../shared/table/ConfirmLink';
import { SERVER_TIME_FORMAT } from '../../shared/time';
import { eleApi, eleKeys, type Operation } from './ele.api';
import { usePaging } from './paging';

const KIND_OPTIONS = Object.entries(ELE_OPERATION_KINDS).map(([value, label]) => ({ value, label }));

/** Meter maintenance: inspections, calibrations, repairs and replacements, per meter. */
export function OperationsTab() {
  const canEdit = useCan('ele:edit');
  const { page, pagination, first } = usePaging();
  const [kind, setKind] = useState<string | undefined>(undefined);
  const [adding, setAdding] = useState(false);
  const params = { ...page, kind };
  const list = useQuery({
    queryKey: eleKeys.call('operations', params),
    queryFn: ({ signal }) => eleApi.operations(params, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <search className="lt-ele-toolbar" aria-label="筛选运维记录">
        <Select
          allowClear
          placeholder="全部类型"
          aria-label="运维类型"
          style={{ width: 150 }}
          value={kind}
          onChange={(v?: string) => {
            setKind(v);
            first();
          }}
          options={KIND_OPTIONS}
        />
        <span className="lt-grow" />
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            登记运维
          </Button>
        )}
      </search>
      {list.isError && <Alert type="error" showIcon title={errorText(list.error)} />}
      <Table<Operation>
        rowKey="id"
        size="middle"
        dataSource={list.data?.list ?? []}
        loading={list.isFetching && list.data === undefined}
        pagination={pagination(list.data?.total ?? 0)}
        columns={[
          { title: '时间', dataIndex: 'time', width: 170 },
          { title: '企业', dataIndex: 'enterpriseName' },
          { title: '电表', key: 'meter', render: (_: unknown, r) => `${r.deviceCode} ${r.deviceName}` },
          { title: '类型', dataIndex: 'kindName', width: 80 },
          { title: '内容', dataIndex: 'content' },
          { title: '运维人员', dataIndex: 'worker', width: 100 },
          ...(canEdit
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  width: 80,
                  render: (_: unknown, r: Operation) => (
                    <ConfirmLink
                      title="删除这条运维记录？"
                      label="删除"
                      action={() => eleApi.deleteOperation(r.id)}
                      refresh={eleKeys.all}
                      done="已删除"
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {adding && <OperationForm onClose={() => setAdding(false)} />}
    </>
  );
}

interface OperationValues {
  deviceCode: string;
  kind: string;
  content: string;
  worker: string;
  time: Dayjs;
}

function OperationForm({ onClose }: { onClose(): void }) {
  const [form] = Form.useForm<OperationValues>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const meters = useQuery({
    queryKey: eleKeys.call('sites', { bound: 'yes' }),
    queryFn: ({ signal }) => eleApi.sites({ bound: 'yes', pageSize: 100 }, signal),
  });
  const save = useMutation({
    mutationFn: (v: OperationValues) => eleApi.saveOperation({ ...v, time: v.time.format(SERVER_TIME_FORMAT) }),
    onSuccess: () => {
      message.success('已登记');
      void queryClient.invalidateQueries({ queryKey: eleKeys.all });
      onClose();
    },
    onError: (err) => setProblem(errorText(err)),
  });
  return (
    <FormDrawer
      title="登记电表运维"
      onClose={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
      problem={problem}
    >
      <Form<OperationValues>
        form={form}
        layout="vertical"
        initialValues={{ kind: 'inspection', time: dayjs() }}
        onFinish={(v) => save.mutate(v)}
        onValuesChange={() => setProblem(undefined)}
      >
        <Form.Item name="deviceCode" label="电表" rules={[{ required: true, message: '请选择电表' }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={(meters.data?.list ?? []).map((s) => ({
              value: s.deviceCode ?? '',
              label: `${s.deviceCode}（${s.enterpriseName} ${s.name}）`,
            }))}
          />
        </Form.Item>
        <Form.Item name="kind" label="类型">
          <Select options={KIND_OPTIONS} />
        </Form.Item>
        <Form.Item name="content" label="运维内容" rules={[{ required: true, message: '请填写运维内容' }]}>
          <Input.TextArea rows={3} maxLength={300} />
        </Form.Item>
        <Form.Item name="worker" label="运维人员" rules={[{ required: true, message: '请填写运维人员' }]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="time" label="运维时间" rules={[{ required: true, message: '请选择时间' }]}>
          <DatePicker showTime format={SERVER_TIME_FORMAT} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
