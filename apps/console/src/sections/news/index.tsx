import { PlusOutlined } from '@ant-design/icons';
import { CMS_STATUS_LABELS } from '@lantian/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Popconfirm, Select, Space, Table, type TableColumnsType, Tabs, Tag } from 'antd';
import { Link, Route, Routes, useNavigate, useSearchParams } from 'react-router';
import { useApiError } from '../../shared/api';
import { callParams } from '../../shared/table/url-table';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { ArticleEditorPage } from './ArticleEditor';
import { AlbumsTab, BannersTab, CategoriesTab, TagsTab } from './ManageTabs';
import { type ArticleRow, changeStatus, deleteArticle, listArticles, listCategories, newsKeys } from './news.api';
import { STATUS_COLORS, STATUS_OPTIONS } from './news-editor';
import '../../shared/table/table.css';
import './news.css';

const FILTERS = ['status', 'categoryId', 'keyword'] as const;

/** 新闻资讯: articles (list and editor), categories, tags, albums and banners of the public news. */
export default function NewsSection() {
  return (
    <Routes>
      <Route index element={<NewsHome />} />
      <Route path="articles/:id" element={<ArticleEditorPage />} />
    </Routes>
  );
}

function NewsHome() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'articles';
  return (
    <Card title="新闻资讯">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'articles' ? {} : { tab: key })}
        items={[
          { key: 'articles', label: '文章', children: <Articles /> },
          { key: 'categories', label: '栏目', children: <CategoriesTab /> },
          { key: 'tags', label: '标签', children: <TagsTab /> },
          { key: 'albums', label: '图集', children: <AlbumsTab /> },
          { key: 'banners', label: '轮播图', children: <BannersTab /> },
        ]}
      />
    </Card>
  );
}

function Articles() {
  const table = useUrlTable<ArticleRow>(FILTERS);
  const params = { ...callParams(table.query), tab: undefined };
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const showError = useApiError();
  const list = useQuery({
    queryKey: newsKeys.articles(params),
    queryFn: ({ signal }) => listArticles(params, signal),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery({ queryKey: newsKeys.categories, queryFn: ({ signal }) => listCategories(signal) });
  const refresh = () => void client.invalidateQueries({ queryKey: ['cms', 'articles'] });
  const status = useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'publish' | 'unpublish' }) => changeStatus(id, action),
    onSuccess: (a) => {
      void message.success(a.status === 'draft' ? '已撤回为草稿' : '已发布');
      refresh();
    },
    onError: (err) => showError(err, '修改状态'),
  });
  const remove = useMutation({
    mutationFn: deleteArticle,
    onSuccess: () => {
      void message.success('已删除');
      refresh();
    },
    onError: (err) => showError(err, '删除'),
  });
  const { filters } = table.query;

  const columns: TableColumnsType<ArticleRow> = [
    {
      title: '标题',
      key: 'title',
      render: (_, r) => (
        <Space size={4} wrap>
          <Link to={`/news/articles/${r.articleId}`}>{r.title}</Link>
          {r.isTop && <Tag color="red">置顶</Tag>}
          {r.isFocus && <Tag color="blue">焦点</Tag>}
          {r.isRecommend && <Tag color="cyan">推荐</Tag>}
        </Space>
      ),
    },
    { title: '栏目', dataIndex: 'categoryName', width: 120 },
    {
      title: '状态',
      key: 'status',
      width: 100,
      render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{CMS_STATUS_LABELS[r.status]}</Tag>,
    },
    { title: '发布时间', key: 'publishAt', width: 170, render: (_, r) => r.publishAt ?? '—' },
    { title: '阅读 / 点赞', key: 'counts', width: 110, render: (_, r) => `${r.viewCount} / ${r.upVoteCount}` },
    { title: '更新时间', dataIndex: 'updatedAt', width: 170 },
    {
      title: '操作',
      key: 'op',
      width: 200,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void navigate(`/news/articles/${r.articleId}`)}>
            编辑
          </Button>
          {r.status === 'draft' ? (
            <Button type="link" size="small" onClick={() => status.mutate({ id: r.articleId, action: 'publish' })}>
              发布
            </Button>
          ) : (
            <Button type="link" size="small" onClick={() => status.mutate({ id: r.articleId, action: 'unpublish' })}>
              撤回
            </Button>
          )}
          <Popconfirm
            title={`删除“${r.title}”？删除后不可恢复。`}
            onConfirm={() => remove.mutate(r.articleId)}
            okText="删除"
            cancelText="取消"
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space wrap className="lt-table-filters">
        <Select
          allowClear
          placeholder="状态"
          style={{ width: 120 }}
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(v: string | undefined) => table.setFilters({ status: v })}
        />
        <Select
          allowClear
          placeholder="栏目"
          style={{ width: 160 }}
          value={filters.categoryId === undefined ? undefined : Number(filters.categoryId)}
          options={categories.data?.map((c) => ({ value: c.categoryId, label: c.name }))}
          onChange={(v: number | undefined) =>
            table.setFilters({ categoryId: v === undefined ? undefined : String(v) })
          }
        />
        <Input.Search
          allowClear
          placeholder="标题关键字"
          defaultValue={filters.keyword}
          onSearch={(v) => table.setFilters({ keyword: v })}
          style={{ width: 220 }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/news/articles/new')}>
          写文章
        </Button>
      </Space>
      <Table
        rowKey="articleId"
        loading={list.isFetching}
        dataSource={list.data?.list}
        columns={columns}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
        scroll={{ x: 1000 }}
      />
    </>
  );
}
