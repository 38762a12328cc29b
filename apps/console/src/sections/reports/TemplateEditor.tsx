import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { REPORT_IMAGE_LIMITS, REPORT_TYPES, type ReportElementInput } from '@lantian/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Dropdown, Form, Input, Progress, Select, Space, Spin, Tag, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorText } from '../../shared/api';
import {
  type Catalog,
  elementCatalog,
  getTemplate,
  imageUrl,
  reportKeys,
  saveTemplate,
  uploadImage,
} from './reports.api';
import { type ElementKind, insertPlaceholder, moveElement, newElement } from './template-editor';

const KIND_LABELS: Record<ElementKind, string> = { text: '富文本', table: '表格', chart: '图表', image: '图片' };
const TYPE_OPTIONS = Object.entries(REPORT_TYPES).map(([value, label]) => ({ value, label }));

/** A template built from elements; `new` makes one. Unknown placeholders are refused by the server. */
export function TemplateEditor() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const template = useQuery({
    queryKey: reportKeys.template(id),
    queryFn: ({ signal }) => getTemplate(id, signal),
    enabled: !isNew,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const catalog = useQuery({
    queryKey: reportKeys.catalog,
    queryFn: ({ signal }) => elementCatalog(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (template.isError) return <Alert type="error" showIcon message={errorText(template.error)} />;
  if ((!isNew && template.data === undefined) || catalog.data === undefined) return <Spin />;
  const t = template.data;
  return (
    <TemplateForm
      key={id}
      catalog={catalog.data}
      initial={
        t === undefined
          ? { name: '', type: 'month', category: '空气质量', content: [] }
          : { id: t.id, name: t.name, type: t.type, category: t.category, content: t.content }
      }
    />
  );
}

interface Draft {
  id?: string;
  name: string;
  type: string;
  category: string;
  content: ReportElementInput[];
}

function TemplateForm({ catalog, initial }: { catalog: Catalog; initial: Draft }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(initial);
  const [saving, setSaving] = useState(false);
  const setElement = (index: number, element: ReportElementInput) =>
    setDraft((d) => ({ ...d, content: d.content.map((e, i) => (i === index ? element : e)) }));

  return (
    <Card
      title={draft.id === undefined ? '新建报告模板' : `编辑模板：${initial.name}`}
      extra={<Link to="/reports?tab=templates">返回</Link>}
      className="lt-template-editor"
    >
      <Form layout="inline" aria-label="模板属性">
        <Form.Item label="名称" required>
          <Input
            aria-label="模板名称"
            value={draft.name}
            maxLength={60}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
        </Form.Item>
        <Form.Item label="类型">
          <Select
            aria-label="模板类型"
            style={{ width: 150 }}
            value={draft.type}
            options={TYPE_OPTIONS}
            onChange={(type: string) => setDraft({ ...draft, type })}
          />
        </Form.Item>
        <Form.Item label="分类">
          <Input
            aria-label="模板分类"
            value={draft.category}
            maxLength={30}
            onChange={(e) => setDraft({ ...draft, category: e.target.value })}
          />
        </Form.Item>
      </Form>
      <ol className="lt-elements" aria-label="模板元素">
        {draft.content.map((element, index) => (
          <li key={element.id}>
            <Card
              size="small"
              title={
                <Space>
                  <Tag>{KIND_LABELS[element.kind]}</Tag>
                  {element.id}
                </Space>
              }
              extra={
                <Space>
                  <Button
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label="上移"
                    onClick={() => setDraft({ ...draft, content: moveElement(draft.content, index, -1) })}
                  />
                  <Button
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label="下移"
                    onClick={() => setDraft({ ...draft, content: moveElement(draft.content, index, 1) })}
                  />
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`删除元素 ${element.id}`}
                    onClick={() => setDraft({ ...draft, content: draft.content.filter((_, i) => i !== index) })}
                  />
                </Space>
              }
            >
              <ElementFields
                element={element}
                catalog={catalog}
                templateId={draft.id}
                onChange={(e) => setElement(index, e)}
              />
            </Card>
          </li>
        ))}
      </ol>
      <Space wrap>
        {(Object.keys(KIND_LABELS) as ElementKind[]).map((kind) => (
          <Button
            key={kind}
            onClick={() => setDraft({ ...draft, content: [...draft.content, newElement(draft.content, kind)] })}
          >
            添加{KIND_LABELS[kind]}
          </Button>
        ))}
        <Button
          type="primary"
          loading={saving}
          disabled={draft.name.trim() === ''}
          onClick={async () => {
            setSaving(true);
            try {
              const saved = await saveTemplate(draft);
              void queryClient.invalidateQueries({ queryKey: reportKeys.all });
              message.success('模板已保存');
              if (draft.id === undefined) navigate(`/reports/templates/${saved.id}`, { replace: true });
            } catch (err) {
              message.error(errorText(err));
            } finally {
              setSaving(false);
            }
          }}
        >
          保存模板
        </Button>
      </Space>
    </Card>
  );
}

function ElementFields({
  element,
  catalog,
  templateId,
  onChange,
}: {
  element: ReportElementInput;
  catalog: Catalog;
  templateId: string | undefined;
  onChange: (element: ReportElementInput) => void;
}) {
  const textArea = useRef<TextAreaRef>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { message } = App.useApp();
  const file = useRef<HTMLInputElement>(null);
  const queries = catalog.queries.map((q) => ({ value: q.key, label: q.name }));
  const title = (
    <Input
      aria-label={`${element.id} 标题`}
      placeholder="标题"
      value={element.title ?? ''}
      maxLength={60}
      onChange={(e) => onChange({ ...element, title: e.target.value })}
      style={{ width: 220 }}
    />
  );
  switch (element.kind) {
    case 'text':
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space>
            <Select
              aria-label={`${element.id} 样式`}
              value={element.style ?? 'paragraph'}
              style={{ width: 100 }}
              options={[
                { value: 'heading', label: '标题' },
                { value: 'paragraph', label: '段落' },
              ]}
              onChange={(style: 'heading' | 'paragraph') => onChange({ ...element, style })}
            />
            <Dropdown
              menu={{
                items: catalog.placeholders.map((p) => ({ key: p.key, label: `${p.name}　{{${p.key}}}` })),
                onClick: ({ key }) =>
                  onChange({
                    ...element,
                    text: insertPlaceholder(
                      element.text,
                      key,
                      textArea.current?.resizableTextArea?.textArea.selectionStart,
                    ),
                  }),
              }}
            >
              <Button>插入占位符</Button>
            </Dropdown>
          </Space>
          <Input.TextArea
            ref={textArea}
            aria-label={`${element.id} 文字`}
            value={element.text}
            maxLength={5000}
            autoSize={{ minRows: 2 }}
            onChange={(e) => onChange({ ...element, text: e.target.value })}
          />
        </Space>
      );
    case 'table':
      return (
        <Space wrap>
          {title}
          <Select
            aria-label={`${element.id} 数据`}
            style={{ width: 200 }}
            value={element.query}
            options={queries}
            onChange={(query) => onChange({ ...element, query })}
          />
        </Space>
      );
    case 'chart': {
      const charts = catalog.queries.find((q) => q.key === element.query)?.charts ?? [];
      return (
        <Space wrap>
          {title}
          <Select
            aria-label={`${element.id} 数据`}
            style={{ width: 200 }}
            value={element.query}
            options={queries.filter((q) => (catalog.queries.find((c) => c.key === q.value)?.charts.length ?? 0) > 0)}
            onChange={(query) => {
              const allowed = catalog.queries.find((q) => q.key === query)?.charts ?? [];
              onChange({
                ...element,
                query,
                chart: (allowed.includes(element.chart) ? element.chart : allowed[0]) as 'bar' | 'line' | 'pie',
              });
            }}
          />
          <Select
            aria-label={`${element.id} 图表类型`}
            style={{ width: 110 }}
            value={element.chart}
            options={charts.map((c) => ({ value: c, label: { bar: '柱状图', line: '折线图', pie: '饼图' }[c] ?? c }))}
            onChange={(chart: 'bar' | 'line' | 'pie') => onChange({ ...element, chart })}
          />
        </Space>
      );
    }
    case 'image':
      return (
        <Space wrap align="start">
          {title}
          <Select
            aria-label={`${element.id} 来源`}
            style={{ width: 150 }}
            value={element.source}
            options={[
              { value: 'aqiImage', label: 'AQI 日历（自动）' },
              { value: 'upload', label: '上传图片' },
            ]}
            onChange={(source: 'aqiImage' | 'upload') => onChange({ ...element, source })}
          />
          {element.source === 'upload' && (
            <>
              <Button icon={<UploadOutlined />} onClick={() => file.current?.click()} disabled={progress !== null}>
                {element.imageId === undefined ? '上传图片' : '更换图片'}
              </Button>
              <input
                ref={file}
                hidden
                type="file"
                aria-label={`${element.id} 图片文件`}
                accept={REPORT_IMAGE_LIMITS.types.join(',')}
                onChange={async (e) => {
                  const picked = e.target.files?.[0];
                  if (picked === undefined) return;
                  setProgress(0);
                  try {
                    const saved = await uploadImage(picked, templateId, { onProgress: setProgress });
                    onChange({ ...element, imageId: saved.imageId });
                  } catch (err) {
                    message.error(errorText(err));
                  } finally {
                    setProgress(null);
                    e.target.value = '';
                  }
                }}
              />
              {progress !== null && <Progress percent={progress} size="small" style={{ width: 160 }} />}
              {element.imageId !== undefined && (
                <img src={imageUrl(element.imageId)} alt={element.title ?? ''} className="lt-element-image" />
              )}
              <Typography.Text type="secondary">{REPORT_IMAGE_LIMITS.text}</Typography.Text>
            </>
          )}
        </Space>
      );
  }
}
