import { ArrowLeftOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Segmented, Skeleton, Space } from 'antd';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { errorText } from '../../shared/api';
import { EChart } from '../../shared/charts/EChart';
import { ClassTag } from './ClassTag';
import { waterApi, waterKeys } from './water.api';
import { factorChartOption } from './water-charts';

/** A station: its class and why, the latest value of each factor with its class, and each factor's hours. */
export function StationDetail() {
  const { deviceId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const stations = useQuery({ queryKey: waterKeys.stations, queryFn: ({ signal }) => waterApi.stations(signal) });
  const station = stations.data?.list.find((s) => s.deviceId === deviceId);
  const query = { deviceId };
  const history = useQuery({
    queryKey: waterKeys.history(query),
    queryFn: ({ signal }) => waterApi.history(query, signal),
    placeholderData: keepPreviousData,
  });
  const factors = history.data?.factors ?? [];
  const chosen =
    factors.find((f) => f.factor === params.get('factor')) ??
    factors.find((f) => f.factor === station?.deciding[0]?.factor) ??
    factors[0];
  const option = useMemo(() => (chosen === undefined ? undefined : factorChartOption(chosen)), [chosen]);

  return (
    <Card
      title={
        <Space>
          <Link to="/water/list">
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label="返回站点列表" />
          </Link>
          {station?.name ?? '水质站'}
        </Space>
      }
    >
      {(stations.isPending || history.isPending) && <Skeleton active />}
      {stations.isError && <Alert type="error" showIcon title={errorText(stations.error)} />}
      {history.isError && <Alert type="error" showIcon title={errorText(history.error)} />}
      {stations.isSuccess && station === undefined && <Alert type="warning" showIcon title="未找到该水质站" />}
      {station !== undefined && (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            items={[
              {
                key: 'class',
                label: '水质类别',
                children: <ClassTag name={station.className} color={station.color} />,
              },
              { key: 'quality', label: '水质状况', children: station.quality },
              {
                key: 'deciding',
                label: '定类因子',
                children: station.deciding.length === 0 ? '—' : station.deciding.map((d) => d.name).join('、'),
              },
              { key: 'site', label: '站点', children: `${station.siteName}（${station.areaName}）` },
              {
                key: 'body',
                label: '水体',
                children: station.waterBody === 'lake' ? '湖库（评价总氮，总磷按湖库限值）' : '河流（总氮不参评）',
              },
              { key: 'time', label: '数据时间', children: station.time ?? '无数据' },
            ]}
          />
          <div className="lt-water-values">
            {station.values.map((v) => (
              <Card
                key={v.factor}
                size="small"
                hoverable
                onClick={() => setParams({ factor: v.factor })}
                aria-label={`${v.name} ${v.value ?? '无数据'} ${v.unit} ${v.className ?? '不参评'}`}
                style={chosen?.factor === v.factor ? { borderColor: '#1677ff' } : undefined}
              >
                <div className="lt-muted">{v.name}</div>
                <div style={{ fontSize: 20, fontWeight: 600 }}>
                  {v.value ?? '—'} <small className="lt-muted">{v.unit}</small>
                </div>
                <ClassTag name={v.className} color={v.color} />
              </Card>
            ))}
          </div>
        </>
      )}
      {factors.length > 0 && (
        <Card
          size="small"
          title={`${history.data?.startTime.slice(0, 16)} 至 ${history.data?.endTime.slice(0, 16)} 逐小时`}
          extra={
            <Segmented
              size="small"
              aria-label="因子"
              value={chosen?.factor}
              options={factors.map((f) => ({ value: f.factor, label: f.name }))}
              onChange={(v) => setParams({ factor: String(v) })}
            />
          }
        >
          {option === undefined ? (
            <Empty />
          ) : (
            <EChart option={option} style={{ height: 300 }} ariaLabel={`${chosen?.name ?? ''} 逐小时数据`} />
          )}
        </Card>
      )}
      {history.isSuccess && factors.length === 0 && <Empty description="最近 48 小时没有小时数据" />}
    </Card>
  );
}
