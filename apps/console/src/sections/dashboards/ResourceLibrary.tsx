import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { RESOURCE_LIMITS, RESOURCE_SCOPES, RESOURCE_TYPES } from '@lantian/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Pagination,
  Popconfirm,
  Progress,
  Segmented,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { errorText } from '../../shared/api';
import { useCan } from '../../shared/session/session-context';
import {
  canModifySystem,
  dashboardKeys,
  deleteResource,
  listResources,
  type ResourceRow,
  resourceUrl,
  uploadResource,
} from './dashboards.api';

const TYPE_OPTIONS = Object.entries(RESOURCE_TYPES).map(([value, label]) => ({ value, label }));

/**
 * 素材库: the pictures dashboards use. System pictures are shared by every area (kept by holders of
 * 维护系统素材), custom ones are the area's own. Uploads show their progress; the server checks the
 * type by the file's bytes, the size and pixels, and re-encodes it.
 */
export function ResourceLibrary({ onPick }: { onPick?: (resource: ResourceRow) => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCan('dashboard:edit');
  const [type, setType] = useState<string | undefined>(undefined);
  const [scope, setScope] = useState<string>('all');
  const [page, setPage] = useState(1);
  const [uploadType, setUploadType] = useState('device');
  const [uploadScope, setUploadScope] = useState<'custom' | 'system'>('custom');
  const [progress, setProgress] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const params = { pageNum: page, pageSize: 24, type, resourceType: scope === 'all' ? undefined : scope };
  const list = useQuery({
    queryKey: dashboardKeys.resources(params),
    queryFn: ({ signal }) => listResources(params, signal),
    placeholderData: keepPreviousData,
  });
  const canSystem = useQuery({ queryKey: dashboardKeys.canModify, queryFn: ({ signal }) => canModifySystem(signal) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['dashboards', 'resources'] });

  async function upload(file: File) {
    setProgress(0);
    try {
      const saved = await uploadResource(
        file,
        { type: uploadType, resourceType: uploadScope },
        { onProgress: setProgress },
      );
      message.success(`已上传素材 ${saved.fileName}`);
      refresh();
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setProgress(null);
      if (input.current !== null) input.current.value = '';
    }
  }

  return (
    <div className="lt-resources">
      <Space wrap className="lt-resources-bar">
        <Segmented
          value={scope}
          onChange={(v) => {
            setScope(String(v));
            setPage(1);
          }}
          options={[
            { value: 'all', label: '全部' },
            ...Object.entries(RESOURCE_SCOPES).map(([value, label]) => ({ value, label })),
          ]}
        />
        <Select
          allowClear
          placeholder="分类"
          style={{ width: 110 }}
          options={TYPE_OPTIONS}
          value={type}
          onChange={(v?: string) => {
            setType(v);
            setPage(1);
          }}
        />
        {canEdit && (
          <>
            <Select
              aria-label="上传分类"
              style={{ width: 100 }}
              options={TYPE_OPTIONS}
              value={uploadType}
              onChange={setUploadType}
            />
            {canSystem.data?.canModify === true && (
              <Select
                aria-label="上传为"
                style={{ width: 120 }}
                value={uploadScope}
                onChange={setUploadScope}
                options={Object.entries(RESOURCE_SCOPES).map(([value, label]) => ({ value, label }))}
              />
            )}
            <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} disabled={progress !== null}>
              上传素材
            </Button>
            <input
              ref={input}
              type="file"
              accept={RESOURCE_LIMITS.types.join(',')}
              hidden
              aria-label="选择素材图片"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file !== undefined) void upload(file);
              }}
            />
          </>
        )}
      </Space>
      <Typography.Paragraph type="secondary" className="lt-resources-hint">
        {RESOURCE_LIMITS.text}
      </Typography.Paragraph>
      {progress !== null && <Progress percent={progress} size="small" aria-label="上传进度" />}
      {list.data?.list.length === 0 ? (
        <Empty description="暂无素材" />
      ) : (
        <ul className="lt-resource-grid" aria-label="素材">
          {list.data?.list.map((r) => (
            <li key={r.id}>
              <Card
                size="small"
                hoverable={onPick !== undefined}
                onClick={() => onPick?.(r)}
                cover={<img alt={r.fileName} src={resourceUrl(r.id)} className="lt-resource-img" />}
                actions={
                  r.canDelete
                    ? [
                        <Popconfirm
                          key="delete"
                          title={`删除素材「${r.fileName}」？`}
                          onConfirm={async () => {
                            try {
                              await deleteResource(r.id);
                              refresh();
                            } catch (err) {
                              message.error(errorText(err));
                            }
                          }}
                        >
                          <DeleteOutlined aria-label={`删除 ${r.fileName}`} onClick={(e) => e.stopPropagation()} />
                        </Popconfirm>,
                      ]
                    : []
                }
              >
                <Typography.Text ellipsis={{ tooltip: r.fileName }}>{r.fileName}</Typography.Text>
                <div>
                  <Tag>{r.typeName}</Tag>
                  {r.resourceType === 'system' && <Tag color="blue">系统</Tag>}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        size="small"
        current={page}
        pageSize={24}
        total={list.data?.total ?? 0}
        onChange={setPage}
        hideOnSinglePage
      />
    </div>
  );
}
