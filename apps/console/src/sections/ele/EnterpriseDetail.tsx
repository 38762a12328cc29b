import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  List,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { errorText } from '../../shared/api';
import { EChart } from '../../shared/charts/EChart';
import { FormDrawer } from '../../shared/form/FormDrawer';
import { useCan } from '../../shared/session/session-context';
import { ConfirmLink } from '../../shared/table/ConfirmLink';
import { compareOption } from './charts';
import { eleApi, eleKeys, type Site } from './ele.api';
import { MeterDrawer } from './MeterDrawer';

const STATE_BADGE = { running: 'processing', standby: 'warning', stopped: 'default', unknown: 'default' } as const;

/** One enterprise: its lines and facilities now, their day side by side, and the abnormal episodes. */
export function EnterpriseDetail() {
  const { enterpriseId = '' } = useParams();
  const canEdit = useCan('ele:edit');
  const [params, setParams] = useSearchParams();
  const dateParam = params.get('date');
  const date: Dayjs =
    dateParam !== null && /^\d{4}-\d{2}-\d{2}$/.test(dateParam) && dayjs(dateParam).isValid()
      ? dayjs(dateParam)
      : dayjs();
  const setDate = (d: Dayjs) => setParams({ date: d.format('YYYY-MM-DD') }, { replace: true });
  const [editing, setEditing] = useState<Site | 'new' | undefined>(undefined);
  const [binding, setBinding] = useState<Site | undefined>(undefined);
  const [meter, setMeter] = useState<string | undefined>(undefined);
  const day = date.format('YYYY-MM-DD');
  const enterprise = useQuery({
    queryKey: eleKeys.call('enterprise', { enterpriseId }),
    queryFn: ({ signal }) => eleApi.enterprise(enterpriseId, signal),
  });
  const compare = useQuery({
    queryKey: eleKeys.call('compare', { enterpriseId, day }),
    queryFn: ({ signal }) => eleApi.compare({ enterpriseId, date: day, interval: 15 }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  const sites = useQuery({
    queryKey: eleKeys.call('sites', { enterpriseId }),
    queryFn: ({ signal }) => eleApi.sites({ enterpriseId, pageSize: 100 }, signal),
    refetchInterval: 60_000,
  });
  const option = useMemo(() => (compare.data === undefined ? undefined : compareOption(compare.data)), [compare.data]);
  const e = enterprise.data;
  const siteRows = sites.data?.list ?? [];
  const nameOf = (id: string) => siteRows.find((s) => s.siteId === id)?.name ?? id;

  if (enterprise.isError) return <Alert type="error" showIcon title={errorText(enterprise.error)} />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space>
        <Link to="/ele/enterprises">
          <ArrowLeftOutlined /> 企业列表
        </Link>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {e?.name ?? '…'}
        </Typography.Title>
        {e?.abnormal === true && <Tag color="red">生产运行、治污停运</Tag>}
      </Space>
      {e !== undefined && (
        <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
          <Descriptions.Item label="统一社会信用代码">{e.creditCode}</Descriptions.Item>
          <Descriptions.Item label="行业">{`${e.tradeTypeName}（${e.tradeType}）`}</Descriptions.Item>
          <Descriptions.Item label="生产状态">{e.operateStatusName}</Descriptions.Item>
          <Descriptions.Item label="区域">{e.areaName}</Descriptions.Item>
          <Descriptions.Item label="地址">{e.address || '—'}</Descriptions.Item>
          <Descriptions.Item label="联系人">{`${e.contact || '—'} ${e.phone}`}</Descriptions.Item>
        </Descriptions>
      )}
      <Card
        size="small"
        title="生产与治污用电对比（每 15 分钟）"
        extra={
          <DatePicker
            aria-label="日期"
            value={date}
            allowClear={false}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            onChange={(d) => d !== null && setDate(d)}
          />
        }
      >
        {compare.isError && <Alert type="error" showIcon title={errorText(compare.error)} />}
        {option === undefined || compare.data?.series.length === 0 ? (
          <Empty description="该企业尚无已绑定电表的监测点" />
        ) : (
          <EChart className="lt-ele-chart" option={option} ariaLabel="生产线与治污设施功率曲线" />
        )}
        <Typography.Text strong>异常时段（持续 30 分钟及以上）</Typography.Text>
        <List
          size="small"
          dataSource={compare.data?.episodes ?? []}
          locale={{ emptyText: '当日无异常时段' }}
          renderItem={(ep) => (
            <List.Item>
              <span className="lt-ele-episode">
                {ep.start.slice(11, 16)}–{ep.end.slice(11, 16)}　{ep.siteName}：{ep.kindName}（{ep.minutes} 分钟）
              </span>
            </List.Item>
          )}
        />
      </Card>
      <Card
        size="small"
        title="监测点与电表"
        extra={
          canEdit && (
            <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增监测点
            </Button>
          )
        }
      >
        <Table<Site>
          rowKey="siteId"
          size="small"
          pagination={false}
          loading={sites.isFetching && sites.data === undefined}
          dataSource={siteRows}
          scroll={{ x: 900 }}
          columns={[
            { title: '监测点', dataIndex: 'name' },
            {
              title: '类型',
              dataIndex: 'kindName',
              width: 90,
              render: (t: string, r) => <Tag color={r.kind === 'production' ? 'blue' : 'green'}>{t}</Tag>,
            },
            { title: '工序/工艺', dataIndex: 'process' },
            {
              title: '关联',
              key: 'linked',
              render: (_: unknown, r) => r.linkedSiteIds.map(nameOf).join('、') || '—',
            },
            {
              title: '电表',
              key: 'meter',
              render: (_: unknown, r) =>
                r.deviceCode === null ? (
                  <Typography.Text type="secondary">未绑定</Typography.Text>
                ) : (
                  <Button type="link" size="small" onClick={() => setMeter(r.deviceCode ?? undefined)}>
                    {r.deviceCode}
                  </Button>
                ),
            },
            {
              title: '当前功率',
              dataIndex: 'powerKw',
              width: 100,
              render: (v: number | null) => (v === null ? '—' : `${v} kW`),
            },
            {
              title: '状态',
              dataIndex: 'stateName',
              width: 90,
              render: (t: string, r) => <Badge status={STATE_BADGE[r.state]} text={t} />,
            },
            {
              title: '阈值（待机/运行）',
              key: 'thresholds',
              render: (_: unknown, r) => `${r.standbyKw} / ${r.runningKw} kW`,
            },
            ...(canEdit
              ? [
                  {
                    title: '操作',
                    key: 'actions',
                    width: 180,
                    render: (_: unknown, r: Site) => (
                      <Space size={0}>
                        <Button type="link" size="small" onClick={() => setEditing(r)}>
                          编辑
                        </Button>
                        {r.deviceCode === null ? (
                          <Button type="link" size="small" onClick={() => setBinding(r)}>
                            绑定电表
                          </Button>
                        ) : (
                          <ConfirmLink
                            title={`解绑「${r.name}」的电表 ${r.deviceCode}？`}
                            label="解绑"
                            action={() => eleApi.unbind(r.siteId)}
                            refresh={eleKeys.all}
                            done="已解绑"
                          />
                        )}
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {editing !== undefined && (
        <SiteForm
          enterpriseId={enterpriseId}
          row={editing === 'new' ? undefined : editing}
          sites={siteRows}
          onClose={() => setEditing(undefined)}
        />
      )}
      {binding !== undefined && <BindForm site={binding} onClose={() => setBinding(undefined)} />}
      {meter !== undefined && <MeterDrawer deviceCode={meter} date={day} onClose={() => setMeter(undefined)} />}
    </Space>
  );
}

interface SiteValues {
  name: string;
  kind: 'production' | 'treatment';
  process?: string;
  ratedKw?: number | null;
  baselineKw?: number | null;
  standbyKw: number;
  runningKw: number;
  minLoadPercent?: number | null;
  linkedSiteIds?: string[];
}

function SiteForm({
  enterpriseId,
  row,
  sites,
  onClose,
}: {
  enterpriseId: string;
  row: Site | undefined;
  sites: Site[];
  onClose(): void;
}) {
  const [form] = Form.useForm<SiteValues>();
  const kind = Form.useWatch('kind', form) ?? row?.kind ?? 'production';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const save = useMutation({
    mutationFn: (v: SiteValues) =>
      eleApi.saveSite({
        ...v,
        enterpriseId,
        ratedKw: v.ratedKw ?? null,
        baselineKw: v.baselineKw ?? null,
        minLoadPercent: v.minLoadPercent ?? null,
        linkedSiteIds: v.linkedSiteIds ?? [],
        ...(row === undefined ? {} : { siteId: row.siteId }),
      }),
    onSuccess: () => {
      message.success('已保存');
      void queryClient.invalidateQueries({ queryKey: eleKeys.all });
      onClose();
    },
    onError: (err) => setProblem(errorText(err)),
  });
  const others = sites.filter((s) => s.kind !== kind && s.siteId !== row?.siteId);
  return (
    <FormDrawer
      title={row === undefined ? '新增监测点' : `编辑：${row.name}`}
      onClose={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
      problem={problem}
      notices={
        <Alert
          type="info"
          showIcon
          title="功率低于待机阈值为停机，不低于运行阈值为运行，其间为待机。治污设施在所服务的生产线运行时停机或待机即为异常；运行但低于额定功率的最低负荷率为低负荷。"
        />
      }
    >
      <Form<SiteValues>
        form={form}
        layout="vertical"
        initialValues={row ?? { kind: 'production', standbyKw: 1, runningKw: 5 }}
        onFinish={(v) => save.mutate(v)}
        onValuesChange={() => setProblem(undefined)}
      >
        <Form.Item name="name" label="名称" rules={[{ required: true, message: '请填写名称' }]}>
          <Input maxLength={40} placeholder="如 喷涂线、VOCs 治理设施" />
        </Form.Item>
        <Form.Item name="kind" label="类型">
          <Select
            disabled={row !== undefined}
            options={[
              { value: 'production', label: '生产线' },
              { value: 'treatment', label: '治污设施' },
            ]}
          />
        </Form.Item>
        <Form.Item name="process" label={kind === 'production' ? '生产工序' : '治理工艺'}>
          <Input maxLength={60} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="standbyKw" label="待机功率阈值 kW" rules={[{ required: true, message: '必填' }]}>
            <InputNumber min={0} step={0.5} />
          </Form.Item>
          <Form.Item name="runningKw" label="运行功率阈值 kW" rules={[{ required: true, message: '必填' }]}>
            <InputNumber min={0} step={0.5} />
          </Form.Item>
          <Form.Item name="ratedKw" label="额定功率 kW">
            <InputNumber min={0} />
          </Form.Item>
          {kind === 'production' ? (
            <Form.Item name="baselineKw" label="基准生产功率 kW（限产基数）">
              <InputNumber min={0} />
            </Form.Item>
          ) : (
            <Form.Item name="minLoadPercent" label="最低负荷率 %">
              <InputNumber min={1} max={100} placeholder="30" />
            </Form.Item>
          )}
        </Space>
        <Form.Item name="linkedSiteIds" label={kind === 'treatment' ? '服务的生产线' : '服务它的治污设施'}>
          <Select mode="multiple" options={others.map((s) => ({ value: s.siteId, label: s.name }))} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}

function BindForm({ site, onClose }: { site: Site; onClose(): void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [deviceCode, setDeviceCode] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const meters = useQuery({ queryKey: eleKeys.call('freeMeters'), queryFn: ({ signal }) => eleApi.freeMeters(signal) });
  const bind = useMutation({
    mutationFn: (code: string) => eleApi.bind(site.siteId, code),
    onSuccess: () => {
      message.success('已绑定');
      void queryClient.invalidateQueries({ queryKey: eleKeys.all });
      onClose();
    },
    onError: (err) => setProblem(errorText(err)),
  });
  return (
    <FormDrawer
      title={`为「${site.name}」绑定电表`}
      onClose={onClose}
      onSave={() => deviceCode !== undefined && bind.mutate(deviceCode)}
      saveDisabled={deviceCode === undefined}
      saving={bind.isPending}
      saveText="绑定"
      problem={problem}
      notices={<Alert type="info" showIcon title="电表须先在 设备运维 中登记为「企业分表计电」（P01）设备。" />}
    >
      <Select
        style={{ width: '100%' }}
        aria-label="电表"
        placeholder="选择辖区内未绑定的电表"
        loading={meters.isFetching}
        value={deviceCode}
        onChange={setDeviceCode}
        showSearch={{ optionFilterProp: 'label' }}
        options={(meters.data ?? []).map((m) => ({ value: m.deviceCode, label: `${m.deviceCode} ${m.name}` }))}
      />
    </FormDrawer>
  );
}
