import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Select, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../shared/api';
import { analysisKeys, api, type InterpolationGrid } from './air-analysis.api';
import { cellColours, cellPixels, pixelOf } from './grid-paint';
import { LevelTag } from './LevelTag';
import { useCity } from './useCity';

const INDICES = [
  { value: 'aqi', label: 'AQI' },
  { value: 'pm2_5', label: 'PM2.5' },
  { value: 'pm10', label: 'PM10' },
  { value: 'o3', label: 'O₃' },
  { value: 'no2', label: 'NO₂' },
  { value: 'so2', label: 'SO₂' },
  { value: 'co', label: 'CO' },
];

const LEGEND = [
  { level: 1, levelName: '优', color: '#00e400' },
  { level: 2, levelName: '良', color: '#ffff00' },
  { level: 3, levelName: '轻度污染', color: '#ff7e00' },
  { level: 4, levelName: '中度污染', color: '#ff0000' },
  { level: 5, levelName: '重度污染', color: '#99004c' },
  { level: 6, levelName: '严重污染', color: '#7e0023' },
];

/** The grid painted cell by cell in its level colours, the stations as dots. */
function GridCanvas({
  grid,
  stations,
}: {
  grid: InterpolationGrid;
  stations: { lon: number; lat: number; name: string }[];
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const px = cellPixels(grid);
  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx === null || ctx === undefined) return;
    ctx.clearRect(0, 0, grid.ncols * px, grid.nrows * px);
    cellColours(grid).forEach((row, r) => {
      row.forEach((colour, c) => {
        if (colour === null) return;
        ctx.fillStyle = colour;
        ctx.globalAlpha = 0.8;
        ctx.fillRect(c * px, r * px, px, px);
      });
    });
    ctx.globalAlpha = 1;
    ctx.fillStyle = '#111827';
    for (const s of stations) {
      const { x, y } = pixelOf(grid, px, s.lon, s.lat);
      ctx.beginPath();
      ctx.arc(x, y, 3, 0, Math.PI * 2);
      ctx.fill();
    }
  }, [grid, stations, px]);
  return (
    <canvas
      ref={canvas}
      width={grid.ncols * px}
      height={grid.nrows * px}
      role="img"
      aria-label={`${grid.areaName} ${grid.time} 插值分布图`}
      style={{ border: '1px solid #e5e7eb', maxWidth: '100%' }}
    />
  );
}

/**
 * 插值分布: the newest hour over the stations of the chosen city (or the operator's own area), IDW
 * as the server computes it (getSiteInterpolationDataFile), on a ramp through the HJ 633-2012 level colours;
 * the grid downloads as an ESRI ASCII grid for GIS.
 */
export function MapTab() {
  const { city, scopeCode, tree } = useCity();
  const [index, setIndex] = useState('aqi');
  const areaCode = city ?? scopeCode;
  const params = { areaCode, index };
  const grid = useQuery({
    queryKey: analysisKeys.call('grid', params),
    queryFn: ({ signal }) => api.grid(params, signal),
    retry: false,
  });
  const stations = (tree.data ?? [])
    .flatMap((c) => c.stations)
    .filter((s) => s.lon !== null && s.lat !== null)
    .map((s) => ({ lon: s.lon ?? 0, lat: s.lat ?? 0, name: s.name }));
  const g = grid.data;
  return (
    <div className="lt-analysis-stack">
      <Space wrap>
        <span>指标</span>
        <Select aria-label="插值指标" style={{ width: 120 }} options={INDICES} value={index} onChange={setIndex} />
        {g !== undefined && (
          <a href={`/analysis/airStations/getSiteInterpolationDataFile?areaCode=${areaCode}&index=${index}&format=asc`}>
            下载格点文件（.asc）
          </a>
        )}
      </Space>
      {grid.isPending ? (
        <Spin />
      ) : grid.isError ? (
        <Alert type="info" showIcon message={errorText(grid.error)} />
      ) : g === undefined ? (
        <Empty />
      ) : (
        <>
          <Typography.Text aria-label="插值说明">
            {g.areaName} {g.time}：站点数 {g.stations}，最小 {g.min ?? '—'}，最大 {g.max ?? '—'}。{g.method}
          </Typography.Text>
          <GridCanvas grid={g} stations={stations} />
          <Space wrap>
            {LEGEND.map((l) => (
              <LevelTag key={l.level} {...l} />
            ))}
            <Typography.Text type="secondary">各级别区间的中点为该级别颜色，其间渐变</Typography.Text>
          </Space>
        </>
      )}
    </div>
  );
}
