import { ArrowLeftOutlined } from '@ant-design/icons';
import { CMS_STATUS_LABELS, cmsArticleSaveBody } from '@lantian/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, DatePicker, Form, Input, Select, Skeleton, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorText } from '../../shared/api';
import { showServerErrors, zodRule } from '../../shared/form/zod-form';
import { SERVER_TIME_FORMAT } from '../../shared/time';
import { ImagePicker } from './ImagePicker';
import {
  type AdminArticle,
  changeStatus,
  getArticle,
  listCategories,
  listTags,
  newsKeys,
  saveArticle,
} from './news.api';
import { type ArticleFormValues, articleBody, EMPTY_ARTICLE, STATUS_COLORS } from './news-editor';

// The editor (tiptap and ProseMirror) is its own chunk: the list screens never load it.
const RichEditor = lazy(() => import('./RichEditor'));

/** The article page: /platform/news/articles/new or /platform/news/articles/<id>. */
export function ArticleEditorPage() {
  const { id } = useParams();
  const articleId = id === 'new' || id === undefined ? undefined : Number(id);
  const article = useQuery({
    queryKey: newsKeys.article(articleId ?? 0),
    queryFn: ({ signal }) => getArticle(articleId ?? 0, signal),
    enabled: articleId !== undefined && Number.isInteger(articleId),
  });
  if (articleId !== undefined && article.isError) {
    return <Alert type="error" showIcon title={`文章读取失败：${errorText(article.error)}`} />;
  }
  if (articleId !== undefined && article.data === undefined) return <Skeleton active />;
  // Keyed: opening another article starts a fresh form and editor.
  return <ArticleForm key={articleId ?? 'new'} article={article.data} />;
}

function valuesOf(article: AdminArticle | undefined): ArticleFormValues {
  if (article === undefined) return EMPTY_ARTICLE;
  return {
    title: article.title,
    categoryId: article.categoryId,
    tagIds: article.tagIds,
    summary: article.summary,
    author: article.author,
    source: article.source,
    coverImageId: article.coverImageId,
    isFocus: article.isFocus,
    isRecommend: article.isRecommend,
    isTop: article.isTop,
  };
}

function ArticleForm({ article }: { article: AdminArticle | undefined }) {
  const [form] = Form.useForm<ArticleFormValues>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const categories = useQuery({ queryKey: newsKeys.categories, queryFn: ({ signal }) => listCategories(signal) });
  const tags = useQuery({ queryKey: newsKeys.tags, queryFn: ({ signal }) => listTags(signal) });
  const [content, setContent] = useState(article?.content ?? '');
  const [publishAt, setPublishAt] = useState<Dayjs | null>(null);
  const [busy, setBusy] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [current, setCurrent] = useState(article);
  const coverImageId = Form.useWatch('coverImageId', form) ?? null;

  /** Saves the fields and the text; answers the saved article, or undefined when refused. */
  const save = async (): Promise<AdminArticle | undefined> => {
    setProblem(undefined);
    try {
      await form.validateFields();
    } catch {
      return undefined;
    }
    const body = articleBody(form.getFieldsValue(true) as ArticleFormValues, content);
    try {
      const saved = await saveArticle(current?.articleId, body);
      setCurrent(saved);
      client.setQueryData(newsKeys.article(saved.articleId), saved);
      void client.invalidateQueries({ queryKey: ['cms', 'articles'] });
      return saved;
    } catch (err) {
      if (!showServerErrors(form, err)) setProblem(errorText(err));
      return undefined;
    }
  };

  const run = async (
    what: string,
    work: () => Promise<AdminArticle | undefined>,
    done: (a: AdminArticle) => string,
  ) => {
    setBusy(what);
    try {
      const result = await work();
      if (result === undefined) return;
      void message.success(done(result));
      // A new article gets its own address once the whole action is done (the page then reopens
      // from the saved copy in the query cache).
      if (article === undefined) void navigate(`/news/articles/${result.articleId}`, { replace: true });
    } catch (err) {
      setProblem(errorText(err));
    } finally {
      setBusy(undefined);
    }
  };

  const status = current?.status;
  const publish = () =>
    run(
      'publish',
      async () => {
        const saved = await save();
        if (saved === undefined) return undefined;
        const after = await changeStatus(
          saved.articleId,
          'publish',
          publishAt === null ? null : publishAt.format(SERVER_TIME_FORMAT),
        );
        setCurrent(after);
        client.setQueryData(newsKeys.article(after.articleId), after);
        void client.invalidateQueries({ queryKey: ['cms', 'articles'] });
        return after;
      },
      (a) => (a.status === 'scheduled' ? `已定时，将于 ${a.publishAt} 发布` : '已发布'),
    );
  const unpublish = () =>
    run(
      'unpublish',
      async () => {
        if (current === undefined) return undefined;
        const after = await changeStatus(current.articleId, 'unpublish');
        setCurrent(after);
        client.setQueryData(newsKeys.article(after.articleId), after);
        void client.invalidateQueries({ queryKey: ['cms', 'articles'] });
        return after;
      },
      () => '已撤回为草稿',
    );

  return (
    <Card
      title={
        <Space>
          <Link to="/news/">
            <ArrowLeftOutlined /> 文章列表
          </Link>
          <span>{current === undefined ? '写文章' : '编辑文章'}</span>
          {status !== undefined && <Tag color={STATUS_COLORS[status]}>{CMS_STATUS_LABELS[status]}</Tag>}
          {status === 'scheduled' && <span className="lt-muted">将于 {current?.publishAt} 发布</span>}
        </Space>
      }
      extra={
        <Space wrap>
          {status === 'published' && current !== undefined && (
            <a href={`/news/article/${current.articleId}`} target="_blank" rel="noreferrer">
              在网站查看
            </a>
          )}
          <Button loading={busy === 'save'} onClick={() => void run('save', save, () => '已保存')}>
            {status === undefined || status === 'draft' ? '保存草稿' : '保存修改'}
          </Button>
          {status !== undefined && status !== 'draft' && (
            <Button danger loading={busy === 'unpublish'} onClick={() => void unpublish()}>
              撤回
            </Button>
          )}
          <DatePicker
            showTime
            placeholder="定时发布（可选）"
            value={publishAt}
            onChange={setPublishAt}
            disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
          />
          <Button type="primary" loading={busy === 'publish'} onClick={() => void publish()}>
            {publishAt?.isAfter(dayjs()) ? '定时发布' : status === 'published' ? '更新发布' : '发布'}
          </Button>
        </Space>
      }
    >
      {problem !== undefined && <Alert type="error" showIcon title={problem} className="lt-form-alert" />}
      <Form
        form={form}
        layout="vertical"
        initialValues={valuesOf(article)}
        onValuesChange={() => setProblem(undefined)}
      >
        <div className="lt-cms-form-grid">
          <div>
            <Form.Item
              name="title"
              label="标题"
              rules={[{ required: true, message: '请填写标题' }, zodRule(cmsArticleSaveBody, 'title')]}
            >
              <Input maxLength={100} showCount placeholder="文章标题" />
            </Form.Item>
            <Form.Item label="正文">
              <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
                <RichEditor initial={article?.content ?? ''} onChange={setContent} />
              </Suspense>
            </Form.Item>
          </div>
          <div>
            <Form.Item name="categoryId" label="栏目" rules={[{ required: true, message: '请选择栏目' }]}>
              <Select
                placeholder="选择栏目"
                options={categories.data?.map((c) => ({ value: c.categoryId, label: c.name }))}
                loading={categories.isLoading}
              />
            </Form.Item>
            <Form.Item name="tagIds" label="标签">
              <Select
                mode="multiple"
                placeholder="选择标签（最多 10 个）"
                maxCount={10}
                options={tags.data?.map((t) => ({ value: t.tagId, label: t.name }))}
                optionFilterProp="label"
              />
            </Form.Item>
            <Form.Item
              name="summary"
              label="摘要"
              rules={[zodRule(cmsArticleSaveBody, 'summary')]}
              extra="留空时自动取正文前 120 字"
            >
              <Input.TextArea rows={3} maxLength={300} showCount />
            </Form.Item>
            <Form.Item name="coverImageId" label="封面">
              <ImagePicker
                value={coverImageId}
                label="上传封面"
                onChange={(image) => form.setFieldValue('coverImageId', image?.imageId ?? null)}
              />
            </Form.Item>
            <Space.Compact block>
              <Form.Item name="author" label="作者" style={{ flex: 1 }}>
                <Input maxLength={40} />
              </Form.Item>
              <Form.Item name="source" label="来源" style={{ flex: 1 }}>
                <Input maxLength={60} />
              </Form.Item>
            </Space.Compact>
            <Space wrap>
              <Form.Item name="isFocus" valuePropName="checked" noStyle>
                <Checkbox>焦点</Checkbox>
              </Form.Item>
              <Form.Item name="isRecommend" valuePropName="checked" noStyle>
                <Checkbox>推荐</Checkbox>
              </Form.Item>
              <Form.Item name="isTop" valuePropName="checked" noStyle>
                <Checkbox>置顶</Checkbox>
              </Form.Item>
            </Space>
          </div>
        </div>
      </Form>
    </Card>
  );
}
