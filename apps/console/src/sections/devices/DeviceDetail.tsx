import { AlertOutlined, ArrowLeftOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  Col,
  Descriptions,
  Result,
  Row,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorText } from '../../shared/api';
import { useCan } from '../../shared/session/session-context';
import { formatSeconds } from '../../shared/time';
import { DeviceConfigCard } from './DeviceConfigCard';
import { DeviceForm } from './DeviceForm';
import { noiseZoneName } from './device-form';
import { ONLINE_COLORS, STATUS_COLORS } from './device-states';
import { deviceKeys, getDevice } from './devices.api';
import { LatestValues } from './LatestValues';
import { RetireDialog } from './RetireDialog';

// The chart draws with ECharts: fetched after the page's facts are on screen.
const SeriesChart = lazy(() => import('./SeriesChart').then((m) => ({ default: m.SeriesChart })));

/** The latest values are read again this often. */
const LIVE_REFRESH_MS = 10_000;

const DEVICE_ID = /^[1-9]\d{0,9}$/;

/** 设备详情 (`/platform/devices/<deviceId>`): facts, live latest values, the series chart, the configuration. */
export function DeviceDetail() {
  const { deviceId = '' } = useParams();
  if (!DEVICE_ID.test(deviceId)) {
    return (
      <Result
        status="404"
        title="未找到该设备"
        subTitle={`「${deviceId}」不是有效的设备编号。`}
        extra={<Link to="/devices">返回设备列表</Link>}
      />
    );
  }
  return <DevicePage deviceId={deviceId} />;
}

function DevicePage({ deviceId }: { deviceId: string }) {
  const canEdit = useCan('device:edit');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [retiring, setRetiring] = useState(false);
  const detail = useQuery({
    queryKey: deviceKeys.detail(deviceId),
    queryFn: ({ signal }) => getDevice(deviceId, signal),
    refetchInterval: LIVE_REFRESH_MS,
  });
  const device = detail.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: deviceKeys.all });

  const back = (
    <Link to="/devices" className="lt-device-back">
      <ArrowLeftOutlined /> 设备列表
    </Link>
  );

  if (detail.isPending) {
    return (
      <Card title={back}>
        <Skeleton active />
      </Card>
    );
  }
  if (device === undefined) {
    return (
      <Card title={back}>
        <Result status="warning" title="无法读取该设备" subTitle={errorText(detail.error)} />
      </Card>
    );
  }

  const none = <span className="lt-muted">—</span>;
  return (
    <div className="lt-device-detail">
      <Card
        title={
          <Space size="middle" wrap>
            {back}
            <Typography.Title level={4} className="lt-device-title">
              {device.name}
            </Typography.Title>
            <Tag color={STATUS_COLORS[device.status]}>{device.statusName}</Tag>
            <Badge color={ONLINE_COLORS[device.online]} text={device.onlineName} />
          </Space>
        }
        extra={
          <Space wrap>
            <Link to={`/alarms?deviceId=${device.deviceId}`}>
              <Button icon={<AlertOutlined />} danger={device.activeAlarms > 0}>
                告警{device.activeAlarms > 0 ? `（${device.activeAlarms} 条未解除）` : ''}
              </Button>
            </Link>
            {canEdit && device.status !== 'retired' && (
              <>
                <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                  编辑
                </Button>
                <Button icon={<StopOutlined />} danger onClick={() => setRetiring(true)}>
                  退役
                </Button>
              </>
            )}
          </Space>
        }
      >
        {detail.isError && (
          <Alert
            type="warning"
            showIcon
            className="lt-form-alert"
            title={`刷新失败：${errorText(detail.error)}（显示的是上次读到的数据）`}
          />
        )}
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3, xxl: 4 }}
          items={[
            { key: 'mn', label: 'MN', children: <span className="lt-mono">{device.mn}</span> },
            { key: 'type', label: '设备类型', children: device.typeName },
            {
              key: 'site',
              label: '站点',
              children: (
                <Link to={`/devices?siteId=${device.siteId}`}>{`${device.siteName}（${device.siteCode}）`}</Link>
              ),
            },
            { key: 'area', label: '区域', children: device.areaName },
            { key: 'pos', label: '经纬度', children: `${device.lon.toFixed(6)}, ${device.lat.toFixed(6)}` },
            { key: 'install', label: '安装日期', children: device.installDate ?? none },
            { key: 'seen', label: '最后通信', children: device.lastSeen ?? '从未' },
            { key: 'data', label: '最后数据时间', children: device.lastDataTime ?? none },
            {
              key: 'interval',
              label: '上报间隔',
              children:
                device.config.intervalSeconds === null ? '类型默认' : formatSeconds(device.config.intervalSeconds),
            },
            ...(device.config.noiseZone === null
              ? []
              : [{ key: 'zone', label: '声环境功能区', children: noiseZoneName(device.config.noiseZone) }]),
          ]}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <LatestValues
            latest={device.latest}
            factors={device.factors}
            updatedAt={detail.dataUpdatedAt}
            fetching={detail.isFetching}
          />
        </Col>
        <Col span={24}>
          <Suspense fallback={<Card title="数据曲线" size="small" loading />}>
            <SeriesChart device={device} />
          </Suspense>
        </Col>
        <Col span={24}>
          <DeviceConfigCard deviceId={device.deviceId} />
        </Col>
      </Row>
      {editing && (
        <DeviceForm
          editing={device}
          onClose={() => setEditing(false)}
          onSaved={(row) => {
            void message.success(`已保存设备 ${row.name}`);
            setEditing(false);
            void refresh();
          }}
        />
      )}
      {retiring && (
        <RetireDialog
          device={device}
          onClose={() => setRetiring(false)}
          onDone={(row) => {
            void message.success(`已退役设备 ${row.name}`);
            setRetiring(false);
            void refresh();
          }}
        />
      )}
    </div>
  );
}
