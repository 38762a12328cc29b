import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { DictItemRow, DictTypeRow } from '@lantian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  Col,
  Empty,
  Input,
  Popconfirm,
  Row,
  Segmented,
  Skeleton,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorText, useApiError } from '../../shared/api';
import { useCan } from '../../shared/session/session-context';
import { type EnabledFilter, filterItems, filterTypes, isHexColour, nextSort, selectedTypeCode } from './dictionary';
import {
  deleteDictItem,
  deleteDictType,
  dictKeys,
  listDictItems,
  listDictTypes,
  updateDictItem,
} from './dictionary.api';
import { ItemForm } from './ItemForm';
import { TypeForm } from './TypeForm';
import '../../shared/table/table.css';
import './dictionary.css';

/** The server's own words for what it refuses, shown on the disabled buttons before anyone tries. */
const BUILTIN_TYPE_LOCKED = '内置字典类型不能修改或删除（其字典项可以编辑）';
const BUILTIN_ITEM_LOCKED = '内置字典项不能删除（平台功能依赖它的代码），可以停用';

const ENABLED_FILTERS: { value: EnabledFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'enabled', label: '启用' },
  { value: 'disabled', label: '停用' },
];

/**
 * 数据字典: the dictionary types on the left, the chosen type's items on the right (disabled ones
 * too); the chosen type is in the address (`?type=deviceType`), so a link opens the same type.
 */
export default function DictionaryPage() {
  const [params, setParams] = useSearchParams();
  const canEdit = useCan('system:dict:edit');
  const { message } = App.useApp();
  const showError = useApiError();
  const queryClient = useQueryClient();

  const [typeKeyword, setTypeKeyword] = useState('');
  const [itemKeyword, setItemKeyword] = useState('');
  const [enabledFilter, setEnabledFilter] = useState<EnabledFilter>('all');
  const [editingType, setEditingType] = useState<DictTypeRow | 'new' | undefined>(undefined);
  const [editingItem, setEditingItem] = useState<DictItemRow | 'new' | undefined>(undefined);

  const types = useQuery({ queryKey: dictKeys.types, queryFn: ({ signal }) => listDictTypes(signal) });
  const fromUrl = params.get('type');
  const code = selectedTypeCode(types.data ?? [], fromUrl);
  const current = types.data?.find((t) => t.code === code);
  const items = useQuery({
    queryKey: dictKeys.items(code ?? ''),
    queryFn: ({ signal }) => listDictItems(code ?? '', signal),
    enabled: code !== undefined,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: dictKeys.all });
  const choose = (next: string | undefined) => {
    setItemKeyword('');
    setEnabledFilter('all');
    setParams(next === undefined ? {} : { type: next });
  };

  const removeType = useMutation({
    mutationFn: (row: DictTypeRow) => deleteDictType(row.code),
    onSuccess: (_data, row) => {
      void message.success(`已删除字典类型 ${row.name}`);
      if (row.code === code) choose(undefined);
      void refresh();
    },
    onError: (error) => showError(error, '删除字典类型'),
  });
  const removeItem = useMutation({
    mutationFn: (row: DictItemRow) => deleteDictItem(code ?? '', row.value),
    onSuccess: (_data, row) => {
      void message.success(`已删除字典项 ${row.label}`);
      void refresh();
    },
    onError: (error) => showError(error, '删除字典项'),
  });
  const toggleItem = useMutation({
    mutationFn: (row: DictItemRow) =>
      updateDictItem({
        type: code ?? '',
        value: row.value,
        label: row.label,
        sort: row.sort,
        enabled: !row.enabled,
        extra: row.extra,
      }),
    onSuccess: (row) => {
      void message.success(row.enabled ? `已启用 ${row.label}` : `已停用 ${row.label}`);
      void refresh();
    },
    onError: (error) => showError(error, '修改启用状态'),
  });

  const shownTypes = filterTypes(types.data ?? [], typeKeyword);
  const shownItems = filterItems(items.data?.items ?? [], itemKeyword, enabledFilter);

  const columns: TableColumnsType<DictItemRow> = [
    {
      title: '代码',
      dataIndex: 'value',
      key: 'value',
      sorter: (a, b) => a.value.localeCompare(b.value),
      render: (v: string) => (
        <Typography.Text className="lt-mono" copyable={{ text: v, tooltips: ['复制代码', '已复制'] }}>
          {v}
        </Typography.Text>
      ),
    },
    { title: '显示名称', dataIndex: 'label', key: 'label', sorter: (a, b) => a.label.localeCompare(b.label, 'zh-CN') },
    {
      title: '排序',
      dataIndex: 'sort',
      key: 'sort',
      width: 90,
      defaultSortOrder: 'ascend',
      sorter: (a, b) => a.sort - b.sort,
    },
    {
      title: '状态',
      key: 'enabled',
      width: 100,
      render: (_, r) =>
        canEdit ? (
          <Switch
            size="small"
            checked={r.enabled}
            checkedChildren="启用"
            unCheckedChildren="停用"
            loading={toggleItem.isPending && toggleItem.variables?.value === r.value}
            onChange={() => toggleItem.mutate(r)}
            aria-label={`${r.label}：${r.enabled ? '已启用，点击停用' : '已停用，点击启用'}`}
          />
        ) : r.enabled ? (
          <Tag color="success">启用</Tag>
        ) : (
          <Tag>停用</Tag>
        ),
    },
    {
      title: '附加属性',
      key: 'extra',
      render: (_, r) => {
        const entries = Object.entries(r.extra);
        if (entries.length === 0) return <span className="lt-muted">无</span>;
        return (
          <Space size={[4, 4]} wrap>
            {entries.map(([key, value]) => (
              <Tag key={key}>
                {isHexColour(value) && (
                  <span className="lt-dict-swatch" style={{ background: value }} aria-hidden="true" />
                )}
                {key}：{value}
              </Tag>
            ))}
          </Space>
        );
      },
    },
    {
      title: '来源',
      key: 'builtin',
      width: 80,
      render: (_, r) => (r.builtin ? <Tag color="blue">内置</Tag> : <Tag>自定义</Tag>),
    },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 130,
            render: (_: unknown, r: DictItemRow) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditingItem(r)}>
                  编辑
                </Button>
                {r.builtin ? (
                  <Tooltip title={BUILTIN_ITEM_LOCKED}>
                    <Button type="link" size="small" danger disabled>
                      删除
                    </Button>
                  </Tooltip>
                ) : (
                  <Popconfirm
                    title={`删除字典项 ${r.label}（${r.value}）？`}
                    description="已保存此代码的数据将无法显示名称；只想暂时不用可以停用。"
                    okText="删除"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => removeItem.mutateAsync(r).catch(() => undefined)}
                  >
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  const typeList = (
    <Card
      className="lt-dict-types"
      title="字典类型"
      extra={
        canEdit && (
          <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setEditingType('new')}>
            新增类型
          </Button>
        )
      }
    >
      <Input.Search
        allowClear
        placeholder="代码、名称或说明"
        value={typeKeyword}
        onChange={(e) => setTypeKeyword(e.target.value)}
        className="lt-dict-type-search"
        aria-label="搜索字典类型"
      />
      {types.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : types.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorText(types.error)}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void types.refetch()}>
              重试
            </Button>
          }
        />
      ) : shownTypes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={typeKeyword ? '没有匹配的字典类型' : '暂无字典类型'} />
      ) : (
        <ul className="lt-dict-type-list" aria-label="字典类型">
          {shownTypes.map((t) => (
            <li key={t.code}>
              <button
                type="button"
                className="lt-dict-type"
                aria-current={t.code === code}
                onClick={() => choose(t.code)}
                title={t.description || undefined}
              >
                <span className="lt-dict-type-text">
                  <span className="lt-dict-type-name">
                    {t.name} {t.builtin && <Tag color="blue">内置</Tag>}
                  </span>
                  <span className="lt-dict-type-code">{t.code}</span>
                </span>
                <Badge
                  count={t.itemCount}
                  showZero
                  color={t.code === code ? '#1677ff' : '#bfbfbf'}
                  overflowCount={999}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );

  const detail = items.data;
  const itemPanel =
    current === undefined ? (
      <Card>
        <Empty description={types.isPending ? '正在加载…' : '请选择左侧的字典类型'} />
      </Card>
    ) : (
      <Card
        title={
          <Space>
            {current.name}
            <Typography.Text type="secondary" className="lt-mono">
              {current.code}
            </Typography.Text>
            {current.builtin && <Tag color="blue">内置</Tag>}
          </Space>
        }
        extra={
          canEdit && (
            <Space wrap>
              {current.builtin ? (
                <Tooltip title={BUILTIN_TYPE_LOCKED}>
                  <Space>
                    <Button icon={<EditOutlined />} disabled>
                      编辑类型
                    </Button>
                    <Button icon={<DeleteOutlined />} danger disabled>
                      删除类型
                    </Button>
                  </Space>
                </Tooltip>
              ) : (
                <>
                  <Button icon={<EditOutlined />} onClick={() => setEditingType(current)}>
                    编辑类型
                  </Button>
                  <Popconfirm
                    title={`删除字典类型 ${current.name}？`}
                    description={`其全部 ${current.itemCount} 个字典项将一并删除，且不可恢复。`}
                    okText="删除"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => removeType.mutateAsync(current).catch(() => undefined)}
                  >
                    <Button icon={<DeleteOutlined />} danger loading={removeType.isPending}>
                      删除类型
                    </Button>
                  </Popconfirm>
                </>
              )}
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditingItem('new')}>
                新增字典项
              </Button>
            </Space>
          )
        }
      >
        {current.description !== '' && (
          <Typography.Paragraph type="secondary">{current.description}</Typography.Paragraph>
        )}
        <search className="lt-filters" aria-label="筛选字典项">
          <Input.Search
            allowClear
            placeholder="代码、名称或附加属性"
            value={itemKeyword}
            onChange={(e) => setItemKeyword(e.target.value)}
            className="lt-filter-keyword"
            aria-label="搜索字典项"
          />
          <Segmented<EnabledFilter>
            options={ENABLED_FILTERS}
            value={enabledFilter}
            onChange={setEnabledFilter}
            aria-label="启用状态"
          />
        </search>
        <Table<DictItemRow>
          rowKey="value"
          size="middle"
          columns={columns}
          dataSource={shownItems}
          loading={items.isFetching}
          pagination={{ defaultPageSize: 50, showSizeChanger: true, showTotal: (n) => `共 ${n} 项` }}
          scroll={{ x: 820 }}
          locale={{
            emptyText: items.isError
              ? errorText(items.error)
              : itemKeyword !== '' || enabledFilter !== 'all'
                ? '没有符合条件的字典项'
                : '此类型还没有字典项',
          }}
        />
      </Card>
    );

  return (
    <>
      {types.isSuccess && fromUrl !== null && fromUrl !== code && (
        <Alert
          type="warning"
          showIcon
          closable
          title={`未找到字典类型 ${fromUrl}，可能已被删除${current === undefined ? '' : `，现显示 ${current.name}`}。`}
          className="lt-form-alert"
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xl={7} xxl={6}>
          {typeList}
        </Col>
        <Col xs={24} lg={16} xl={17} xxl={18}>
          {itemPanel}
        </Col>
      </Row>
      {editingType !== undefined && (
        <TypeForm
          editing={editingType === 'new' ? undefined : editingType}
          onClose={() => setEditingType(undefined)}
          onSaved={(row) => {
            void message.success(editingType === 'new' ? `已新增字典类型 ${row.name}` : `已保存 ${row.name}`);
            setEditingType(undefined);
            if (editingType === 'new') choose(row.code);
            void refresh();
          }}
        />
      )}
      {editingItem !== undefined && current !== undefined && (
        <ItemForm
          type={current}
          editing={editingItem === 'new' ? undefined : editingItem}
          defaultSort={nextSort(detail?.items ?? [])}
          onClose={() => setEditingItem(undefined)}
          onSaved={(row) => {
            void message.success(editingItem === 'new' ? `已新增字典项 ${row.label}` : `已保存 ${row.label}`);
            setEditingItem(undefined);
            void refresh();
          }}
        />
      )}
    </>
  );
}
