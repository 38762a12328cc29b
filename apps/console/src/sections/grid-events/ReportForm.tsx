import { PlusOutlined } from '@ant-design/icons';
import { eventDetailResponse, eventReportFields, PHOTO_LIMITS, PHOTO_LIMITS_TEXT } from '@lantian/contracts';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Col,
  Drawer,
  Form,
  Input,
  InputNumber,
  Progress,
  Radio,
  Row,
  Space,
  TreeSelect,
  Upload,
  type UploadFile,
} from 'antd';
import { useMemo, useState } from 'react';
import { errorText } from '../../shared/api';
import { postMultipart } from '../../shared/api/upload';
import { parseForm, setFieldErrors, showServerErrors, zodRule } from '../../shared/form/zod-form';
import { useCatalog } from './EventList';
import {
  catalogOptions,
  PRIORITY_OPTIONS,
  photoProblem,
  type ReportValues,
  reportFormData,
  roundCoordinate,
} from './event-view';
import type { EventDetailData } from './events.api';
import { PositionMap } from './PositionMap';

interface Props {
  onClose(): void;
  onDone(event: EventDetailData): void;
}

type Values = Partial<ReportValues>;

/**
 * 上报事件: title, catalogue, priority, description, address, the position (a click on the map or typed
 * coordinates) and photos (checked here as the server will: type, size, count), sent as one multipart
 * form with a progress bar. The server checks it all again and writes nothing unless all of it passes.
 */
export function ReportForm({ onClose, onDone }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const catalog = useCatalog();
  const treeData = useMemo(() => catalogOptions(catalog.data ?? []), [catalog.data]);
  const [photos, setPhotos] = useState<UploadFile[]>([]);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const lon = Form.useWatch('longitude', form);
  const lat = Form.useWatch('latitude', form);
  const point: [number, number] | undefined =
    typeof lon === 'number' && typeof lat === 'number' ? [lon, lat] : undefined;

  const send = useMutation({
    mutationFn: (body: FormData) =>
      postMultipart('/adm/event/report', body, eventDetailResponse, { onProgress: setProgress }),
    onSuccess: (event) => {
      void message.success(`事件已上报：${event.eventNo}${event.gridName === null ? '' : `（${event.gridName}）`}`);
      onDone(event);
    },
    onError: (error) => {
      setProgress(undefined);
      if (!showServerErrors(form, error)) setProblem(errorText(error));
    },
  });

  const finish = (values: Values) => {
    setProblem(undefined);
    const parsed = parseForm(eventReportFields, values);
    if (!parsed.ok) return setFieldErrors(form, parsed.errors);
    const files = photos.flatMap((p) => (p.originFileObj === undefined ? [] : [p.originFileObj]));
    setProgress(0);
    send.mutate(reportFormData({ ...parsed.data, patrolId: undefined }, files));
  };

  return (
    <Drawer
      open
      size={760}
      title="上报事件"
      onClose={onClose}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space className="lt-event-form-footer">
          {progress !== undefined && (
            <Progress percent={progress} size="small" className="lt-event-progress" aria-label="上传进度" />
          )}
          <Button onClick={onClose} disabled={send.isPending}>
            取消
          </Button>
          <Button type="primary" loading={send.isPending} onClick={() => form.submit()}>
            上报
          </Button>
        </Space>
      }
    >
      {problem !== undefined && <Alert type="error" showIcon title={problem} className="lt-form-alert" />}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={finish}
        onValuesChange={() => setProblem(undefined)}
        initialValues={{ priority: 3 }}
        aria-label="上报事件"
      >
        <Form.Item name="title" label="事件标题" required rules={[zodRule(eventReportFields, 'title')]}>
          <Input maxLength={80} showCount placeholder="如：北辰东路工地裸土未覆盖" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <Form.Item
              name="eventClassification"
              label="事件类别"
              required
              rules={[{ required: true, message: '请选择事件类别' }]}
            >
              <TreeSelect
                showSearch={{ treeNodeFilterProp: 'title' }}
                treeData={treeData}
                treeDefaultExpandAll
                loading={catalog.isPending}
                placeholder="选择类别"
                aria-label="事件类别"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="priority" label="优先级">
              <Radio.Group optionType="button" options={PRIORITY_OPTIONS} aria-label="优先级" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="description" label="描述" rules={[zodRule(eventReportFields, 'description')]}>
          <Input.TextArea rows={3} maxLength={2000} showCount placeholder="现场情况、影响范围等" />
        </Form.Item>
        <Form.Item name="address" label="地址" rules={[zodRule(eventReportFields, 'address')]}>
          <Input maxLength={200} placeholder="如：朝阳区北辰东路 8 号南侧" />
        </Form.Item>
        <Form.Item label="位置" required className="lt-event-position">
          <PositionMap
            value={point}
            onPick={([x, y]) => {
              form.setFieldsValue({ longitude: roundCoordinate(x), latitude: roundCoordinate(y) });
              void form.validateFields(['longitude', 'latitude']);
            }}
          />
          <Space wrap className="lt-event-coords">
            <Form.Item name="longitude" noStyle rules={[zodRule(eventReportFields, 'longitude')]}>
              <InputNumber<number> prefix="经度" min={73} max={136} step={0.0001} precision={6} aria-label="经度" />
            </Form.Item>
            <Form.Item name="latitude" noStyle rules={[zodRule(eventReportFields, 'latitude')]}>
              <InputNumber<number> prefix="纬度" min={3} max={54} step={0.0001} precision={6} aria-label="纬度" />
            </Form.Item>
          </Space>
          <Form.Item shouldUpdate noStyle>
            {() => {
              const errors = [...form.getFieldError('longitude'), ...form.getFieldError('latitude')];
              return errors.length > 0 ? <div className="ant-form-item-explain-error">{errors[0]}</div> : null;
            }}
          </Form.Item>
        </Form.Item>
        <Form.Item label="现场照片" extra={PHOTO_LIMITS_TEXT}>
          <Upload
            listType="picture-card"
            multiple
            accept={PHOTO_LIMITS.types.join(',')}
            fileList={photos}
            beforeUpload={(file, batch) => {
              const trouble = photoProblem(file, photos.length + batch.indexOf(file));
              if (trouble !== undefined) {
                void message.error({ content: trouble, key: trouble });
                return Upload.LIST_IGNORE;
              }
              // Held in the form and sent with it, not uploaded on its own.
              return false;
            }}
            onChange={({ fileList }) => setPhotos(fileList.slice(0, PHOTO_LIMITS.maxFiles))}
            aria-label="现场照片"
          >
            {photos.length < PHOTO_LIMITS.maxFiles && (
              <button type="button" className="lt-event-upload-button">
                <PlusOutlined />
                <div>添加照片</div>
              </button>
            )}
          </Upload>
        </Form.Item>
      </Form>
    </Drawer>
  );
}
