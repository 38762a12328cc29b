import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Image, Row, Space, Table, type TableColumnsType, Typography } from 'antd';
import { type AreaLevel, analysisKeys, api, type CityWeatherForecast } from './air-analysis.api';
import { LevelTag } from './LevelTag';
import { orDash } from './scope';
import { useCity } from './useCity';

type LevelRow = AreaLevel['list'][number];
type WeatherDay = CityWeatherForecast['days'][number];

const weatherColumns: TableColumnsType<WeatherDay> = [
  { title: '日期', dataIndex: 'date', key: 'date' },
  { title: '白天', dataIndex: 'textDay', key: 'textDay', render: (v: string | null) => v ?? '—' },
  { title: '夜间', dataIndex: 'textNight', key: 'textNight', render: (v: string | null) => v ?? '—' },
  { title: '最高 ℃', dataIndex: 'tempMax', key: 'tempMax', render: orDash },
  { title: '最低 ℃', dataIndex: 'tempMin', key: 'tempMin', render: orDash },
  { title: '风向', dataIndex: 'windDirectionName', key: 'wind', render: (v: string | null) => v ?? '—' },
  { title: '降水 mm', dataIndex: 'precipitation', key: 'precipitation', render: orDash },
];

/**
 * 预报: the AQI level forecasts of the area's cities with the bulletin written from them and a level
 * map per day, and the chosen city's weather forecast.
 */
export function ForecastTab() {
  const { city, cities } = useCity();
  const params = { days: 3 };
  const level = useQuery({
    queryKey: analysisKeys.call('areaLevel', params),
    queryFn: ({ signal }) => api.areaLevel(params, signal),
  });
  const text = useQuery({
    queryKey: analysisKeys.call('areaText', params),
    queryFn: ({ signal }) => api.areaText(params, signal),
  });
  const images = useQuery({
    queryKey: analysisKeys.call('images', params),
    queryFn: ({ signal }) => api.images(params, signal),
  });
  const weather = useQuery({
    queryKey: analysisKeys.call('cityWeather', { city }),
    queryFn: ({ signal }) => api.cityWeather({ cityCode: city }, signal),
    enabled: city !== undefined,
  });
  const dates = level.data?.dates ?? [];
  const columns: TableColumnsType<LevelRow> = [
    { title: '城市', dataIndex: 'cityName', key: 'cityName', width: 140 },
    ...dates.map((date) => ({
      title: date,
      key: date,
      render: (_: unknown, r: LevelRow) => {
        const day = r.days.find((d) => d.date === date);
        if (day === undefined) return '—';
        return (
          <Space size={4}>
            <LevelTag {...day.levelMax} levelName={day.levelText} />
            <span className="lt-muted">
              {orDash(day.aqiMin)}–{orDash(day.aqiMax)}
            </span>
          </Space>
        );
      },
    })),
  ];
  return (
    <div className="lt-analysis-stack">
      <Card size="small" title={`${text.data?.areaName ?? ''}空气质量预报`} aria-label="区域预报文字">
        {text.data?.text == null ? (
          <Typography.Text type="secondary">暂无预报</Typography.Text>
        ) : (
          <>
            <Typography.Paragraph>{text.data.text}</Typography.Paragraph>
            <Typography.Text type="secondary">
              依据 {text.data.cities} 个城市的级别预报，最新发布于 {text.data.issuedAt}
            </Typography.Text>
          </>
        )}
      </Card>
      <Table<LevelRow>
        aria-label="城市级别预报"
        rowKey="cityCode"
        size="small"
        loading={level.isPending}
        columns={columns}
        dataSource={level.data?.list ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: '辖区内没有城市级预报' }}
      />
      <section aria-label="预报图">
        <Typography.Title level={5}>级别预报图</Typography.Title>
        {(images.data ?? []).length === 0 ? (
          <Empty description="暂无预报图" />
        ) : (
          <Row gutter={[16, 16]}>
            {(images.data ?? []).map((img) => (
              <Col key={img.name} xs={24} md={12} xl={8}>
                <Image src={img.url} alt={`${img.date} 级别预报图`} width="100%" />
              </Col>
            ))}
          </Row>
        )}
      </section>
      {cities.length === 0 ? (
        <Alert type="info" showIcon message="您的辖区不包含整个城市：城市天气预报不可用。" />
      ) : (
        <section aria-label="城市天气预报">
          <Typography.Title level={5}>{weather.data?.cityName ?? ''}天气预报</Typography.Title>
          <Table<WeatherDay>
            aria-label="城市天气预报"
            rowKey="date"
            size="small"
            loading={weather.isPending}
            columns={weatherColumns}
            dataSource={weather.data?.days ?? []}
            pagination={false}
          />
        </section>
      )}
    </div>
  );
}
