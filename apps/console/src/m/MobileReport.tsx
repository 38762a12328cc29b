import { AimOutlined } from '@ant-design/icons';
import { eventDetailResponse, eventReportFields } from '@lantian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, InputNumber, Progress, Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { flatCatalog, PRIORITY_OPTIONS, type ReportValues, reportFormData } from '../sections/grid-events/event-view';
import { eventKeys, getCatalogTree } from '../sections/grid-events/events.api';
import { errorText } from '../shared/api';
import { postMultipart } from '../shared/api/upload';
import { parseForm, setFieldErrors, showServerErrors, zodRule } from '../shared/form/zod-form';
import { positionOf } from './mobile';
import { PhotoPicker } from './PhotoPicker';

type Values = Partial<ReportValues>;

type Fix = { state: 'locating' } | { state: 'found'; accuracy: number } | { state: 'failed'; why: string };

/** Words for a failed GPS fix. */
function fixProblem(error: GeolocationPositionError | undefined): string {
  if (error === undefined) return '此浏览器不能定位';
  if (error.code === error.PERMISSION_DENIED) return '未允许定位，请在浏览器设置中允许，或手动填写坐标';
  if (error.code === error.TIMEOUT) return '定位超时，请到开阔处重试，或手动填写坐标';
  return '无法获取位置，请手动填写坐标';
}

/**
 * 上报事件 for thumbs: catalogue, title, description, photos from the camera, the position from the
 * phone's GPS (typed coordinates when there is no fix), one big button. Sent as one multipart form
 * with a progress bar; then the event's page opens.
 */
export function MobileReport() {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const patrolParam = useSearchParams()[0].get('patrolId');
  const queryClient = useQueryClient();
  const catalog = useQuery({
    queryKey: eventKeys.catalog,
    queryFn: ({ signal }) => getCatalogTree(signal),
    staleTime: 10 * 60_000,
  });
  const options = useMemo(() => flatCatalog(catalog.data ?? []), [catalog.data]);
  const [photos, setPhotos] = useState<File[]>([]);
  const [fix, setFix] = useState<Fix>({ state: 'locating' });
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const locate = () => {
    if (!('geolocation' in navigator)) return setFix({ state: 'failed', why: fixProblem(undefined) });
    setFix({ state: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const point = positionOf(position.coords);
        if (point === undefined) return setFix({ state: 'failed', why: '定位结果不在中国境内，请手动填写坐标' });
        form.setFieldsValue({ longitude: point[0], latitude: point[1] });
        setFix({ state: 'found', accuracy: Math.round(position.coords.accuracy) });
      },
      (error) => setFix({ state: 'failed', why: fixProblem(error) }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: locate once when the form opens
  useEffect(() => {
    locate();
  }, []);

  const send = useMutation({
    mutationFn: (body: FormData) =>
      postMultipart('/adm/event/report', body, eventDetailResponse, { onProgress: setProgress }),
    onSuccess: (event) => {
      void message.success(`已上报：${event.eventNo}`);
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
      navigate(`/m/event/${event.eventId}`);
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
    setProgress(0);
    // Reported during a patrol (the patrol tab links here with ?patrolId=…): the event joins that patrol.
    const patrolId = /^[1-9]\d{0,11}$/.test(patrolParam ?? '') ? (patrolParam ?? undefined) : undefined;
    send.mutate(reportFormData({ ...parsed.data, patrolId }, photos));
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      size="large"
      onFinish={finish}
      onValuesChange={() => setProblem(undefined)}
      initialValues={{ priority: 3 }}
      className="lt-m-form"
      aria-label="上报事件"
    >
      <Form.Item
        name="eventClassification"
        label="事件类别"
        required
        rules={[{ required: true, message: '请选择事件类别' }]}
      >
        <Select
          options={options}
          loading={catalog.isPending}
          placeholder="选择类别"
          showSearch={{ optionFilterProp: 'label' }}
          aria-label="事件类别"
        />
      </Form.Item>
      <Form.Item name="title" label="标题" required rules={[zodRule(eventReportFields, 'title')]}>
        <Input maxLength={80} placeholder="一句话说明问题" />
      </Form.Item>
      <Form.Item name="description" label="描述" rules={[zodRule(eventReportFields, 'description')]}>
        <Input.TextArea rows={3} maxLength={2000} placeholder="现场情况" />
      </Form.Item>
      <Form.Item name="priority" label="优先级">
        <Select options={PRIORITY_OPTIONS} aria-label="优先级" />
      </Form.Item>
      <Form.Item label="现场照片">
        <PhotoPicker value={photos} onChange={setPhotos} />
      </Form.Item>
      <Form.Item label="位置" required>
        <div className="lt-m-fix">
          {fix.state === 'locating' && <Typography.Text type="secondary">正在定位…</Typography.Text>}
          {fix.state === 'found' && (
            <Typography.Text type="success">已定位（精度约 {fix.accuracy} 米）</Typography.Text>
          )}
          {fix.state === 'failed' && <Typography.Text type="warning">{fix.why}</Typography.Text>}
          <Button size="middle" icon={<AimOutlined />} onClick={locate} loading={fix.state === 'locating'}>
            重新定位
          </Button>
        </div>
        <Space.Compact block>
          <Form.Item name="longitude" noStyle rules={[zodRule(eventReportFields, 'longitude')]}>
            <InputNumber<number>
              placeholder="经度"
              min={73}
              max={136}
              precision={6}
              inputMode="decimal"
              aria-label="经度"
              className="lt-m-coord"
            />
          </Form.Item>
          <Form.Item name="latitude" noStyle rules={[zodRule(eventReportFields, 'latitude')]}>
            <InputNumber<number>
              placeholder="纬度"
              min={3}
              max={54}
              precision={6}
              inputMode="decimal"
              aria-label="纬度"
              className="lt-m-coord"
            />
          </Form.Item>
        </Space.Compact>
        <Form.Item shouldUpdate noStyle>
          {() => {
            const errors = [...form.getFieldError('longitude'), ...form.getFieldError('latitude')];
            return errors.length > 0 ? <div className="ant-form-item-explain-error">{errors[0]}</div> : null;
          }}
        </Form.Item>
      </Form.Item>
      <Form.Item name="address" label="地址（可选）" rules={[zodRule(eventReportFields, 'address')]}>
        <Input maxLength={200} placeholder="如：北辰东路 8 号南侧" />
      </Form.Item>
      {problem !== undefined && <Alert type="error" showIcon title={problem} className="lt-form-alert" />}
      {progress !== undefined && <Progress percent={progress} aria-label="上传进度" />}
      <Button type="primary" htmlType="submit" block loading={send.isPending} className="lt-m-submit">
        上报
      </Button>
    </Form>
  );
}
