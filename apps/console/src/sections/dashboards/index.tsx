import { PlusOutlined } from '@ant-design/icons';
import { CONFIG_TYPES, emptyStage } from '@lantian/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
} from 'antd';
import { useState } from 'react';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import { errorText } from '../../shared/api';
import { useCan } from '../../shared/session/session-context';
import { ConfirmLink } from '../../shared/table/ConfirmLink';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { type ConfigRow, dashboardKeys, deleteConfig, getConfig, listConfigs, saveConfig } from './dashboards.api';
import { Editor } from './Editor';
import { PublishDialog } from './PublishDialog';
import { ResourceLibrary } from './ResourceLibrary';
import '../../shared/table/table.css';
import './dashboards.css';

const FILTERS = ['title', 'type', 'status'] as const;
const TYPE_OPTIONS = Object.entries(CONFIG_TYPES).map(([value, label]) => ({ value, label }));

/** 数据大屏: the area's dashboards (list, new, edit, publish), the resource library, and the editor. */
export default function DashboardsSection() {
  return (
    <Routes>
      <Route index element={<DashboardList />} />
      <Route path=":id" element={<EditorPage />} />
    </Routes>
  );
}

function DashboardList() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canEdit = useCan('dashboard:edit');
  const canPublish = useCan('dashboard:publish');
  const table = useUrlTable<ConfigRow>(FILTERS);
  const list = useQuery({
    queryKey: dashboardKeys.list(table.params),
    queryFn: ({ signal }) => listConfigs(table.params, signal),
    placeholderData: keepPreviousData,
  });
  const [creating, setCreating] = useState(false);
  const [publishing, setPublishing] = useState<ConfigRow | undefined>(undefined);
  const [form] = Form.useForm<{ title: string; type: string }>();

  const columns: TableColumnsType<ConfigRow> = [
    { title: '名称', key: 'title', render: (_, r) => <Link to={`/dashboards/${r.id}`}>{r.title}</Link> },
    { title: '编码', dataIndex: 'code', key: 'code', width: 150 },
    { title: '类型', dataIndex: 'typeName', key: 'type', width: 100 },
    { title: '所属单位', dataIndex: 'company', key: 'company', width: 160 },
    { title: '图元', dataIndex: 'nodes', key: 'nodes', width: 70 },
    { title: '绑定', dataIndex: 'bindings', key: 'bindings', width: 70 },
    {
      title: '状态',
      key: 'status',
      width: 90,
      render: (_, r) => <Tag color={r.status === 1 ? 'green' : 'default'}>{r.statusName}</Tag>,
    },
    { title: '修改时间', dataIndex: 'updatedAt', key: 'updatedAt', width: 170 },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_, r) => (
        <Space size="small">
          <Link to={`/dashboards/${r.id}`}>{canEdit ? '编辑' : '查看'}</Link>
          {canPublish && (
            <Button type="link" size="small" onClick={() => setPublishing(r)}>
              发布
            </Button>
          )}
          {canEdit && (
            <ConfirmLink
              title={`删除「${r.title}」？已发布的链接将失效`}
              label="删除"
              action={() => deleteConfig(r.id)}
              refresh={dashboardKeys.all}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title="数据大屏" className="lt-dashboards">
      <Tabs
        items={[
          {
            key: 'configs',
            label: '组态图',
            children: (
              <>
                <Space wrap className="lt-table-filters">
                  <Input.Search
                    allowClear
                    placeholder="名称或编码"
                    aria-label="名称或编码"
                    defaultValue={table.query.filters.title}
                    onSearch={(title) => table.setFilters({ title })}
                    style={{ width: 220 }}
                  />
                  <Select
                    allowClear
                    placeholder="类型"
                    style={{ width: 130 }}
                    options={TYPE_OPTIONS}
                    value={table.query.filters.type}
                    onChange={(type?: string) => table.setFilters({ type })}
                  />
                  <Select
                    allowClear
                    placeholder="状态"
                    style={{ width: 110 }}
                    options={[
                      { value: '1', label: '已发布' },
                      { value: '0', label: '未发布' },
                    ]}
                    value={table.query.filters.status}
                    onChange={(status?: string) => table.setFilters({ status })}
                  />
                  {canEdit && (
                    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                      新建组态图
                    </Button>
                  )}
                </Space>
                {list.isError && <Alert type="error" showIcon message={errorText(list.error)} />}
                <Table
                  aria-label="组态图列表"
                  rowKey="id"
                  size="middle"
                  columns={columns}
                  dataSource={list.data?.list ?? []}
                  loading={list.isFetching}
                  pagination={table.pagination(list.data?.total ?? 0)}
                  onChange={table.onChange}
                />
              </>
            ),
          },
          { key: 'resources', label: '素材库', children: <ResourceLibrary /> },
        ]}
      />
      <Modal
        open={creating}
        title="新建组态图"
        okText="创建并编辑"
        onCancel={() => setCreating(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          aria-label="新建组态图"
          initialValues={{ type: 'screen' }}
          onFinish={async (values) => {
            try {
              const saved = await saveConfig({ title: values.title, type: values.type, konva: emptyStage() });
              setCreating(false);
              void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
              navigate(`/dashboards/${saved.id}`);
            } catch (err) {
              message.error(errorText(err));
            }
          }}
        >
          <Form.Item name="title" label="名称" rules={[{ required: true, message: '请填写名称' }, { max: 60 }]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="type" label="类型">
            <Select options={TYPE_OPTIONS} />
          </Form.Item>
        </Form>
      </Modal>
      {publishing !== undefined && <PublishDialog config={publishing} onClose={() => setPublishing(undefined)} />}
    </Card>
  );
}

function EditorPage() {
  const { id = '' } = useParams();
  const config = useQuery({
    queryKey: dashboardKeys.detail(id),
    queryFn: ({ signal }) => getConfig(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (config.isError) return <Alert type="error" showIcon message={errorText(config.error)} />;
  if (config.data === undefined) return <Spin />;
  return <Editor key={config.data.id} config={config.data} />;
}
