import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  Radio,
  Select,
  Skeleton,
  Space,
  Tag,
  Upload,
} from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { useCan } from '../../shared/session/session-context';
import { getHotspot, lidarKeys, type ReviewBody, reviewHotspot, uploadHotspotPhotos } from './lidar.api';
import { hotspotColor } from './lidar-map';

/** A hot spot in a drawer: where, when, how strong, its photos and scan; 审核 (确认 / 排除) and photos for reviewers. */
export function HotspotReview({ id, onClose }: { id: string; onClose: () => void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const canReview = useCan('lidar:review');
  const detail = useQuery({ queryKey: lidarKeys.hotspot(id), queryFn: ({ signal }) => getHotspot(id, signal) });
  const [form] = Form.useForm<Omit<ReviewBody, 'id'>>();
  const [uploading, setUploading] = useState<number | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: lidarKeys.all });
  const review = useMutation({
    mutationFn: (values: Omit<ReviewBody, 'id'>) => reviewHotspot({ ...values, id }),
    onSuccess: async (hot) => {
      void message.success(`热点 ${hot.hotId} 已${hot.status === 'confirmed' ? '确认' : '排除'}`);
      await refresh();
    },
    onError: (err) => void message.error(errorText(err)),
  });
  const h = detail.data;
  return (
    <Drawer open size={640} title={h === undefined ? '热点' : `热点 ${h.hotId}`} onClose={onClose} destroyOnHidden>
      {detail.isError && <Alert type="error" showIcon title={errorText(detail.error)} />}
      {h === undefined ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={2} size="small" bordered aria-label="热点信息">
            <Descriptions.Item label="状态">
              <Tag color={hotspotColor(h.status)}>{h.statusName}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="来源">
              {h.origin === 'scan' ? '扫描识别' : h.origin === 'auto' ? '走航' : '人工'}
            </Descriptions.Item>
            <Descriptions.Item label="雷达">{h.deviceName}</Descriptions.Item>
            <Descriptions.Item label="位置">{h.plotCoordinate}</Descriptions.Item>
            <Descriptions.Item label="距离 / 方位">
              {h.distance === null ? '—' : `${h.distance} 米 / ${h.azimuth}°`}
            </Descriptions.Item>
            <Descriptions.Item label="出现次数">{h.scans}</Descriptions.Item>
            <Descriptions.Item label="首次发现">{h.recordTime}</Descriptions.Item>
            <Descriptions.Item label="最近">{h.lastTime}</Descriptions.Item>
            <Descriptions.Item label="高出背景">{h.peakExcess} /km</Descriptions.Item>
            <Descriptions.Item label="审核人">{h.reviewedBy ?? '—'}</Descriptions.Item>
            {h.description !== '' && (
              <Descriptions.Item label="说明" span={2}>
                {h.description}
              </Descriptions.Item>
            )}
          </Descriptions>
          {h.imageUrl !== null && (
            <img src={h.imageUrl} alt={`热点所在的扫描图 ${h.lastTime}`} style={{ width: '100%' }} />
          )}
          <section className="lt-lidar-photos" aria-label="现场照片">
            {h.photos.map((p) => (
              <a key={p.photoId} href={p.url} target="_blank" rel="noreferrer">
                <img src={p.url} alt={`现场照片 ${p.name}`} />
              </a>
            ))}
          </section>
          {canReview && (
            <>
              <Upload
                accept="image/jpeg,image/png,image/webp"
                multiple
                showUploadList={false}
                customRequest={({ file, onSuccess, onError }) => {
                  setUploading(0);
                  uploadHotspotPhotos(id, [file as File], setUploading)
                    .then(async () => {
                      setUploading(null);
                      onSuccess?.({});
                      void message.success('照片已上传');
                      await refresh();
                    })
                    .catch((err: unknown) => {
                      setUploading(null);
                      onError?.(err as Error);
                      void message.error(errorText(err));
                    });
                }}
              >
                <Button icon={<UploadOutlined />} loading={uploading !== null}>
                  {uploading === null ? '上传现场照片' : `上传中 ${uploading}%`}
                </Button>
              </Upload>
              <Form
                form={form}
                layout="vertical"
                aria-label="审核热点"
                initialValues={{
                  status: h.status === 'dismissed' ? 'dismissed' : 'confirmed',
                  plotType: h.plotType,
                  plotShortname: h.plotShortname ?? '',
                  plotPlacename: h.plotPlacename ?? '',
                  description: h.description,
                }}
                onFinish={(values) => review.mutate(values)}
              >
                <Form.Item name="status" label="审核结论" rules={[{ required: true, message: '请选择审核结论' }]}>
                  <Radio.Group
                    options={[
                      { value: 'confirmed', label: '确认为污染热点' },
                      { value: 'dismissed', label: '排除' },
                    ]}
                  />
                </Form.Item>
                <Form.Item name="plotType" label="地块类型">
                  <Select
                    allowClear
                    options={[
                      { value: '2', label: '工业源' },
                      { value: '3', label: '扬尘源' },
                    ]}
                    aria-label="地块类型"
                  />
                </Form.Item>
                <Form.Item name="plotShortname" label="地块简称" rules={[{ max: 40, message: '不能超过 40 个字符' }]}>
                  <Input />
                </Form.Item>
                <Form.Item name="plotPlacename" label="地点" rules={[{ max: 100, message: '不能超过 100 个字符' }]}>
                  <Input />
                </Form.Item>
                <Form.Item name="description" label="说明" rules={[{ max: 500, message: '不能超过 500 个字符' }]}>
                  <Input.TextArea rows={3} />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={review.isPending}>
                  提交审核
                </Button>
              </Form>
            </>
          )}
        </Space>
      )}
    </Drawer>
  );
}
