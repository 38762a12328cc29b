import { PlusOutlined } from '@ant-design/icons';
import { cmsAlbumSaveBody, cmsBannerSaveBody, cmsCategorySaveBody, cmsTagSaveBody } from '@lantian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { errorText, useApiError } from '../../shared/api';
import { showServerErrors, zodRule } from '../../shared/form/zod-form';
import { ImagePicker, useImageUpload } from './ImagePicker';
import {
  type AdminAlbum,
  type AdminBanner,
  type AdminCategory,
  type AdminTag,
  addPicture,
  deleteAlbum,
  deleteBanner,
  deleteCategory,
  deletePicture,
  deleteTag,
  listAlbums,
  listBanners,
  listCategories,
  listTags,
  newsKeys,
  saveAlbum,
  saveBanner,
  saveCategory,
  saveTag,
} from './news.api';

/** A modal form: `initial` undefined adds, otherwise edits; the server's field errors land on the fields. */
function EditModal<T extends object>({
  title,
  initial,
  onClose,
  onSave,
  children,
}: {
  title: string;
  initial: T;
  onClose: () => void;
  onSave: (values: T) => Promise<unknown>;
  children: React.ReactNode;
}) {
  const [form] = Form.useForm<T>();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const { message } = App.useApp();
  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await onSave({ ...initial, ...(form.getFieldsValue(true) as T) });
      void message.success('已保存');
      onClose();
    } catch (err) {
      if (!showServerErrors(form, err)) setProblem(errorText(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText="保存"
      cancelText="取消"
      destroyOnHidden
    >
      {problem !== undefined && <p className="lt-cms-problem">{problem}</p>}
      <Form form={form} layout="vertical" initialValues={initial}>
        {children}
      </Form>
    </Modal>
  );
}

function useRemove(remove: (id: number) => Promise<unknown>, key: readonly unknown[]) {
  const client = useQueryClient();
  const showError = useApiError();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: remove,
    onSuccess: () => {
      void message.success('已删除');
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: newsKeys.all });
    },
    onError: (err) => showError(err, '删除'),
  });
}

export function CategoriesTab() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: newsKeys.categories, queryFn: ({ signal }) => listCategories(signal) });
  const [editing, setEditing] = useState<AdminCategory | 'new' | undefined>(undefined);
  const remove = useRemove(deleteCategory, newsKeys.categories);
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} className="lt-cms-add">
        新增栏目
      </Button>
      <Table
        rowKey="categoryId"
        loading={list.isLoading}
        dataSource={list.data}
        pagination={false}
        columns={[
          { title: '顺序', dataIndex: 'sort', width: 80 },
          { title: '栏目', dataIndex: 'name' },
          { title: '说明', dataIndex: 'description' },
          { title: '已发布 / 全部', key: 'n', width: 130, render: (_, r) => `${r.articleCount} / ${r.totalCount}` },
          {
            title: '操作',
            key: 'op',
            width: 140,
            render: (_, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  修改
                </Button>
                <Popconfirm
                  title={`删除栏目“${r.name}”？`}
                  onConfirm={() => remove.mutate(r.categoryId)}
                  okText="删除"
                  cancelText="取消"
                >
                  <Button type="link" size="small" danger disabled={r.totalCount > 0}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing !== undefined && (
        <EditModal
          title={editing === 'new' ? '新增栏目' : '修改栏目'}
          initial={editing === 'new' ? { name: '', description: '', sort: (list.data?.length ?? 0) + 1 } : editing}
          onClose={() => setEditing(undefined)}
          onSave={async (v) => {
            await saveCategory(editing === 'new' ? undefined : editing.categoryId, {
              name: v.name,
              description: v.description,
              sort: v.sort,
            });
            void client.invalidateQueries({ queryKey: newsKeys.categories });
          }}
        >
          <Form.Item
            name="name"
            label="栏目名称"
            rules={[{ required: true, message: '请填写栏目名称' }, zodRule(cmsCategorySaveBody, 'name')]}
          >
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="description" label="说明" rules={[zodRule(cmsCategorySaveBody, 'description')]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="sort" label="顺序（小的在前）">
            <InputNumber min={0} max={9999} />
          </Form.Item>
        </EditModal>
      )}
    </>
  );
}

export function TagsTab() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: newsKeys.tags, queryFn: ({ signal }) => listTags(signal) });
  const [editing, setEditing] = useState<AdminTag | 'new' | undefined>(undefined);
  const remove = useRemove(deleteTag, newsKeys.tags);
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} className="lt-cms-add">
        新增标签
      </Button>
      <Table
        rowKey="tagId"
        loading={list.isLoading}
        dataSource={list.data}
        pagination={{ pageSize: 20 }}
        columns={[
          { title: '标签', dataIndex: 'name' },
          { title: '已发布文章', dataIndex: 'articleCount', width: 120 },
          {
            title: '操作',
            key: 'op',
            width: 140,
            render: (_, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  重命名
                </Button>
                <Popconfirm
                  title={`删除标签“${r.name}”？文章上的该标签会一并去掉。`}
                  onConfirm={() => remove.mutate(r.tagId)}
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
        ]}
      />
      {editing !== undefined && (
        <EditModal
          title={editing === 'new' ? '新增标签' : '重命名标签'}
          initial={{ name: editing === 'new' ? '' : editing.name }}
          onClose={() => setEditing(undefined)}
          onSave={async (v) => {
            await saveTag(editing === 'new' ? undefined : editing.tagId, v.name);
            void client.invalidateQueries({ queryKey: newsKeys.tags });
          }}
        >
          <Form.Item
            name="name"
            label="标签名称"
            rules={[{ required: true, message: '请填写标签名称' }, zodRule(cmsTagSaveBody, 'name')]}
          >
            <Input maxLength={20} />
          </Form.Item>
        </EditModal>
      )}
    </>
  );
}

function AlbumPictures({ album }: { album: AdminAlbum }) {
  const client = useQueryClient();
  const { upload, percent } = useImageUpload();
  const showError = useApiError();
  const refresh = () => void client.invalidateQueries({ queryKey: newsKeys.albums });
  return (
    <div className="lt-cms-pictures">
      {album.pictures.map((p) => (
        <figure key={p.pictureId}>
          <img className="lt-cms-picture-img" src={p.image} alt={p.caption} />
          <figcaption>
            {p.caption || '（无说明）'}
            <Popconfirm
              title="从图集删除这张图片？"
              okText="删除"
              cancelText="取消"
              onConfirm={() => deletePicture(p.pictureId).then(refresh, (err) => showError(err, '删除'))}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </figcaption>
        </figure>
      ))}
      <label className="lt-cms-picture-add">
        {percent === undefined ? '+ 添加图片' : `上传中 ${percent}%`}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          style={{ display: 'none' }}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file === undefined) return;
            const image = await upload(file);
            if (image === undefined) return;
            await addPicture(album.albumId, image.imageId, file.name.replace(/\.[^.]+$/, '').slice(0, 200)).then(
              refresh,
              (err) => showError(err, '添加图片'),
            );
          }}
        />
      </label>
    </div>
  );
}

export function AlbumsTab() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: newsKeys.albums, queryFn: ({ signal }) => listAlbums(signal) });
  const [editing, setEditing] = useState<AdminAlbum | 'new' | undefined>(undefined);
  const remove = useRemove(deleteAlbum, newsKeys.albums);
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} className="lt-cms-add">
        新增图集
      </Button>
      <Table
        rowKey="albumId"
        loading={list.isLoading}
        dataSource={list.data}
        pagination={false}
        expandable={{ expandedRowRender: (r) => <AlbumPictures album={r} /> }}
        columns={[
          { title: '图集', dataIndex: 'title' },
          { title: '图片', dataIndex: 'pictureCount', width: 80 },
          { title: '创建时间', dataIndex: 'createTime', width: 170 },
          {
            title: '操作',
            key: 'op',
            width: 140,
            render: (_, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  修改
                </Button>
                <Popconfirm
                  title={`删除图集“${r.title}”？`}
                  onConfirm={() => remove.mutate(r.albumId)}
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
        ]}
      />
      {editing !== undefined && (
        <EditModal
          title={editing === 'new' ? '新增图集' : '修改图集'}
          initial={
            editing === 'new'
              ? { title: '', description: '', coverImageId: null as string | null }
              : { title: editing.title, description: editing.description, coverImageId: editing.coverImageId }
          }
          onClose={() => setEditing(undefined)}
          onSave={async (v) => {
            await saveAlbum(editing === 'new' ? undefined : editing.albumId, v);
            void client.invalidateQueries({ queryKey: newsKeys.albums });
          }}
        >
          <Form.Item
            name="title"
            label="标题"
            rules={[{ required: true, message: '请填写标题' }, zodRule(cmsAlbumSaveBody, 'title')]}
          >
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="description" label="说明">
            <Input.TextArea maxLength={300} rows={3} />
          </Form.Item>
          <Form.Item name="coverImageId" label="封面（留空用第一张图片）">
            <CoverField />
          </Form.Item>
        </EditModal>
      )}
    </>
  );
}

/** An image field inside an antd Form.Item (value: the image id). */
function CoverField({ value, onChange }: { value?: string | null; onChange?: (id: string | null) => void }) {
  return <ImagePicker value={value ?? null} onChange={(image) => onChange?.(image?.imageId ?? null)} />;
}

export function BannersTab() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: newsKeys.banners, queryFn: ({ signal }) => listBanners(signal) });
  const [editing, setEditing] = useState<AdminBanner | 'new' | undefined>(undefined);
  const remove = useRemove(deleteBanner, newsKeys.banners);
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} className="lt-cms-add">
        新增轮播图
      </Button>
      <Table
        rowKey="bannerId"
        loading={list.isLoading}
        dataSource={list.data}
        pagination={false}
        columns={[
          {
            title: '图片',
            key: 'img',
            width: 140,
            render: (_, r) => <img className="lt-cms-thumb-small" src={r.image} alt="" />,
          },
          { title: '标题', dataIndex: 'title' },
          { title: '链接', dataIndex: 'link', ellipsis: true },
          { title: '顺序', dataIndex: 'sort', width: 70 },
          {
            title: '状态',
            key: 'on',
            width: 80,
            render: (_, r) => (r.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
          },
          {
            title: '操作',
            key: 'op',
            width: 140,
            render: (_, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  修改
                </Button>
                <Popconfirm
                  title="删除这张轮播图？"
                  onConfirm={() => remove.mutate(r.bannerId)}
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
        ]}
      />
      {editing !== undefined && (
        <EditModal
          title={editing === 'new' ? '新增轮播图' : '修改轮播图'}
          initial={
            editing === 'new'
              ? { title: '', imageId: '', link: '', sort: 0, enabled: true }
              : {
                  title: editing.title,
                  imageId: editing.imageId,
                  link: editing.link,
                  sort: editing.sort,
                  enabled: editing.enabled,
                }
          }
          onClose={() => setEditing(undefined)}
          onSave={async (v) => {
            await saveBanner(editing === 'new' ? undefined : editing.bannerId, v);
            void client.invalidateQueries({ queryKey: newsKeys.banners });
          }}
        >
          <Form.Item
            name="title"
            label="标题"
            rules={[{ required: true, message: '请填写标题' }, zodRule(cmsBannerSaveBody, 'title')]}
          >
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="imageId" label="图片（建议 16:6 横图）" rules={[{ required: true, message: '请上传图片' }]}>
            <CoverField />
          </Form.Item>
          <Form.Item
            name="link"
            label="链接"
            rules={[zodRule(cmsBannerSaveBody, 'link')]}
            extra="站内路径如 /news/article/12，或 https 地址"
          >
            <Input maxLength={300} />
          </Form.Item>
          <Space>
            <Form.Item name="sort" label="顺序">
              <InputNumber min={0} max={9999} />
            </Form.Item>
            <Form.Item name="enabled" label="启用" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        </EditModal>
      )}
    </>
  );
}
