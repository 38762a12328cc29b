import { PlusOutlined } from '@ant-design/icons';
import { REPORT_TYPES } from '@lantian/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
} from 'antd';
import { useState } from 'react';
import { Link, Route, Routes, useSearchParams } from 'react-router';
import { errorText } from '../../shared/api';
import { useCan } from '../../shared/session/session-context';
import { ConfirmLink } from '../../shared/table/ConfirmLink';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { GenerateDialog } from './GenerateDialog';
import { RecordView } from './RecordView';
import {
  deleteRecord,
  deleteSchedule,
  deleteTemplate,
  listRecords,
  listSchedules,
  listTemplates,
  projectInfo,
  type RecordRow,
  reportKeys,
  restoreTemplate,
  type ScheduleRow,
  type TemplateRow,
} from './reports.api';
import { ScheduleForm } from './ScheduleForm';
import { TemplateEditor } from './TemplateEditor';
import '../../shared/table/table.css';
import './reports.css';

const TYPE_OPTIONS = Object.entries(REPORT_TYPES).map(([value, label]) => ({ value, label }));

/** 报表中心: reports (generate, read, export), templates (with a recycle bin), scheduled reports. */
export default function ReportsSection() {
  return (
    <Routes>
      <Route index element={<ReportsHome />} />
      <Route path="records/:id" element={<RecordView />} />
      <Route path="templates/:id" element={<TemplateEditor />} />
    </Routes>
  );
}

function ReportsHome() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'records';
  const project = useQuery({ queryKey: reportKeys.project, queryFn: ({ signal }) => projectInfo(signal) });
  return (
    <Card
      title="报表中心"
      extra={project.data === undefined ? null : `编制单位：${project.data.name}（${project.data.areaName}）`}
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'records' ? {} : { tab: key })}
        items={[
          { key: 'records', label: '报告', children: <Records /> },
          { key: 'templates', label: '模板', children: <Templates /> },
          { key: 'schedules', label: '定时报告', children: <Schedules /> },
        ]}
      />
    </Card>
  );
}

function Records() {
  const canGenerate = useCan('report:generate');
  const table = useUrlTable<RecordRow>(['type', 'tab']);
  const params = { ...table.params, tab: undefined };
  const list = useQuery({
    queryKey: reportKeys.records(params),
    queryFn: ({ signal }) => listRecords(params, signal),
    placeholderData: keepPreviousData,
  });
  const [generating, setGenerating] = useState(false);
  const columns: TableColumnsType<RecordRow> = [
    { title: '标题', key: 'title', render: (_, r) => <Link to={`/reports/records/${r.id}`}>{r.title}</Link> },
    { title: '类型', dataIndex: 'typeName', key: 'type', width: 120 },
    { title: '区域', dataIndex: 'areaName', key: 'area', width: 110 },
    { title: '报告期', dataIndex: 'periodLabel', key: 'period', width: 200 },
    {
      title: '生成',
      key: 'origin',
      width: 220,
      render: (_, r) => (
        <>
          {r.createdAt} {r.origin === 'schedule' ? <Tag color="cyan">定时</Tag> : r.createdBy}
        </>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, r) =>
        canGenerate && (
          <ConfirmLink
            title={`删除《${r.title}》？`}
            label="删除"
            action={() => deleteRecord(r.id)}
            refresh={reportKeys.all}
          />
        ),
    },
  ];
  return (
    <>
      <Space wrap className="lt-table-filters">
        <Select
          allowClear
          placeholder="类型"
          style={{ width: 160 }}
          options={TYPE_OPTIONS}
          value={table.query.filters.type}
          onChange={(type?: string) => table.setFilters({ type })}
        />
        {canGenerate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setGenerating(true)}>
            生成报告
          </Button>
        )}
      </Space>
      {list.isError && <Alert type="error" showIcon message={errorText(list.error)} />}
      <Table
        aria-label="报告列表"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
      />
      {generating && <GenerateDialog onClose={() => setGenerating(false)} />}
    </>
  );
}

function Templates() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCan('report:edit');
  const [recycled, setRecycled] = useState(false);
  const params = { pageSize: 100, recycled: recycled ? 1 : undefined };
  const list = useQuery({
    queryKey: reportKeys.templates(params),
    queryFn: ({ signal }) => listTemplates(params, signal),
  });
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      message.success(done);
      void queryClient.invalidateQueries({ queryKey: reportKeys.all });
    } catch (err) {
      message.error(errorText(err));
    }
  };
  const columns: TableColumnsType<TemplateRow> = [
    {
      title: '名称',
      key: 'name',
      render: (_, t) => (recycled ? t.name : <Link to={`/reports/templates/${t.id}`}>{t.name}</Link>),
    },
    { title: '类型', dataIndex: 'typeName', key: 'type', width: 130 },
    { title: '分类', dataIndex: 'category', key: 'category', width: 120 },
    { title: '元素', dataIndex: 'elementCount', key: 'elements', width: 70 },
    {
      title: recycled ? '删除时间' : '修改时间',
      key: 'time',
      width: 170,
      render: (_, t) => t.deletedAt ?? t.updatedAt,
    },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_, t) =>
        canEdit &&
        (recycled ? (
          <Button
            type="link"
            size="small"
            onClick={() => void act(() => restoreTemplate(t.id), `已恢复模板 ${t.name}`)}
          >
            恢复
          </Button>
        ) : (
          <Popconfirm
            title={`把模板「${t.name}」移入回收站？`}
            onConfirm={() => void act(() => deleteTemplate(t.id), '已移入回收站')}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        )),
    },
  ];
  return (
    <>
      <Space wrap className="lt-table-filters">
        <Switch checked={recycled} onChange={setRecycled} aria-label="回收站" /> 回收站
        {canEdit && !recycled && (
          <Link to="/reports/templates/new">
            <Button type="primary" icon={<PlusOutlined />}>
              新建模板
            </Button>
          </Link>
        )}
      </Space>
      <Table
        aria-label="模板列表"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={false}
      />
    </>
  );
}

function Schedules() {
  const queryClient = useQueryClient();
  const canSchedule = useCan('report:schedule');
  const list = useQuery({
    queryKey: reportKeys.schedules({}),
    queryFn: ({ signal }) => listSchedules({ pageSize: 100 }, signal),
  });
  const [editing, setEditing] = useState<ScheduleRow | 'new' | undefined>(undefined);
  const columns: TableColumnsType<ScheduleRow> = [
    { title: '名称', dataIndex: 'name', key: 'name' },
    { title: '频率', dataIndex: 'typeName', key: 'type', width: 130 },
    { title: '区域', key: 'area', width: 100, render: (_, s) => s.area.name },
    { title: '模板', dataIndex: 'templateName', key: 'template', width: 160 },
    { title: '下次运行', key: 'next', width: 170, render: (_, s) => (s.enabled ? s.nextRunAt : <Tag>已停用</Tag>) },
    {
      title: '上次运行',
      key: 'last',
      width: 230,
      render: (_, s) =>
        s.lastRunAt === null ? (
          '—'
        ) : (
          <>
            {s.lastRunAt}{' '}
            {s.lastError !== null ? (
              <Tag color="error">{s.lastError}</Tag>
            ) : s.lastRecordId !== null ? (
              <Link to={`/reports/records/${s.lastRecordId}`}>查看</Link>
            ) : (
              <Tag>无需生成</Tag>
            )}
          </>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, s) =>
        canSchedule && (
          <Space size="small">
            <Button type="link" size="small" onClick={() => setEditing(s)}>
              修改
            </Button>
            <ConfirmLink
              title={`删除定时报告「${s.name}」？已生成的报告保留`}
              label="删除"
              action={() => deleteSchedule(s.id)}
              refresh={reportKeys.all}
            />
          </Space>
        ),
    },
  ];
  return (
    <>
      {canSchedule && (
        <Space className="lt-table-filters">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增定时报告
          </Button>
        </Space>
      )}
      <Table
        aria-label="定时报告列表"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={false}
      />
      {editing !== undefined && (
        <ScheduleForm
          schedule={editing === 'new' ? undefined : editing}
          onClose={(saved) => {
            setEditing(undefined);
            if (saved) void queryClient.invalidateQueries({ queryKey: reportKeys.all });
          }}
        />
      )}
    </>
  );
}
