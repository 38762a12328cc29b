import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Form, InputNumber, Segmented, Select, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { getOutline } from '../../shared/charts/outline';
import { WindCanvas } from './WindCanvas';
import { getAqiPoints, getTrajectory, getWindField, type Trajectories, windKeys } from './wind.api';

/** 全国风场: the gridded wind as moving particles, the cities' AQI, and trajectories from a clicked place. */
export function WindField() {
  const [level, setLevel] = useState<'10m' | '850hPa'>('10m');
  const [time, setTime] = useState<string | null>(null);
  const [hours, setHours] = useState(24);
  const [trajectories, setTrajectories] = useState<Trajectories | null>(null);
  const [picked, setPicked] = useState<{ lon: number; lat: number } | null>(null);
  const [trajError, setTrajError] = useState<string | null>(null);
  const field = useQuery({
    queryKey: windKeys.field(level, time),
    queryFn: ({ signal }) => getWindField(level, time, signal),
  });
  const aqi = useQuery({ queryKey: windKeys.aqi, queryFn: ({ signal }) => getAqiPoints(signal) });
  const outline = useQuery({
    queryKey: ['wind', 'outline'],
    queryFn: async ({ signal }) => {
      const o = await getOutline('100000', signal);
      return o === null ? null : (JSON.parse(o.text) as unknown);
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

  const pick = async (lon: number, lat: number) => {
    const start = field.data?.time;
    if (!start) return;
    setPicked({ lon, lat });
    setTrajError(null);
    try {
      setTrajectories(await getTrajectory({ longitude: lon, latitude: lat, time: start, hours, heights: '100,1500' }));
    } catch (err) {
      setTrajectories(null);
      setTrajError(errorText(err));
    }
  };

  if (field.isError) return <Alert type="error" showIcon title={errorText(field.error)} />;
  if (!field.data || outline.isLoading) return <Spin />;
  const data = field.data;
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented
          value={level}
          options={[
            { label: '10 米', value: '10m' },
            { label: '850 hPa', value: '850hPa' },
          ]}
          onChange={(v) => setLevel(v as '10m' | '850hPa')}
        />
        <Select
          aria-label="时次"
          style={{ width: 200 }}
          value={data.time ?? undefined}
          options={data.times.map((t) => ({ label: t, value: t }))}
          onChange={(v: string) => setTime(v)}
          placeholder="时次"
        />
        <Form.Item label="轨迹小时数" style={{ margin: 0 }}>
          <InputNumber min={1} max={168} value={hours} onChange={(v) => setHours(v ?? 24)} />
        </Form.Item>
        {data.demo ? <Tag color="orange">演示数据</Tag> : null}
        {data.refTime ? <Typography.Text type="secondary">起报 {data.refTime}</Typography.Text> : null}
      </Space>
      {!data.available ? (
        <Empty description="暂无格点风场数据：尚未导入数值预报（配置 UPPER_AIR_WIND_URL，或以 DEMO_DATA=on 运行演示）" />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            点击地图任一点，计算从该点出发、{data.time} 起的 {hours} 小时后向轨迹（100 米用 10 米风，1500 米用 850 hPa
            风）。
          </Typography.Paragraph>
          <WindCanvas
            field={data}
            outline={outline.data ?? null}
            aqi={aqi.data ?? []}
            trajectories={trajectories}
            onPick={(lon, lat) => void pick(lon, lat)}
          />
          {trajError ? <Alert type="warning" showIcon title={trajError} style={{ marginTop: 8 }} /> : null}
          {trajectories && picked ? (
            <Typography.Paragraph style={{ marginTop: 8 }} data-testid="trajectory-summary">
              起点 {picked.lon}, {picked.lat}：
              {trajectories.features.map((f) => {
                const end = f.geometry.coordinates.at(-1);
                return (
                  <Tag key={f.properties.height}>
                    {f.properties.height} 米 → {f.properties.times.at(-1)} 位于 {end?.[0]}, {end?.[1]}
                    {f.properties.complete ? '' : '（风场时段不足，提前结束）'}
                  </Tag>
                );
              })}
              <br />
              <Typography.Text type="secondary">{trajectories.method}</Typography.Text>
            </Typography.Paragraph>
          ) : null}
        </>
      )}
    </>
  );
}
