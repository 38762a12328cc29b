import type { ImageFrame, ImageMethod, ImagePollutant } from '@lantian/contracts';
import { formatChinaDateTime } from '@lantian/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Select, Skeleton } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SITE_TITLE_SUFFIX } from '../app/pages';
import { AntdScope } from '../shared/antd/AntdScope';
import { ApiError } from '../shared/api/client';
import { Segmented } from '../shared/Segmented';
import { FramePlayer, type PlayerState } from './image-analysis/FramePlayer';
import { fetchCityList, fetchFrames, fetchProvinces } from './image-analysis/image-analysis.api';
import {
  legendOf,
  METHOD_OPTIONS,
  POLLUTANT_OPTIONS,
  RANGE_OPTIONS,
  type RangePreset,
  rangeOf,
  SPEEDS,
} from './image-analysis/player';
import { VideoExport } from './image-analysis/VideoExport';
import './image-analysis/image-analysis.css';

/**
 * 图像分析 (`/analysis/image`): the interpolated pollutant maps the server draws (IDW over the
 * stations' hourly values, clipped to the area), played hour by hour, and exported as a video. The
 * choice (area, pollutant, range) lives in the query string, so a link shows the same maps.
 */

const COUNTRY = '100000';

interface Choice {
  code: string;
  province: string;
  pollutant: ImagePollutant;
  method: ImageMethod;
  preset: RangePreset;
  days: { from: number; to: number } | undefined;
}

function readChoice(params: URLSearchParams): Choice {
  const code = /^\d{6}$/.test(params.get('code') ?? '') ? (params.get('code') ?? COUNTRY) : COUNTRY;
  const pollutant = POLLUTANT_OPTIONS.find((p) => p.value === params.get('type'))?.value ?? 'aqi';
  const method = METHOD_OPTIONS.find((m) => m.value === params.get('method'))?.value ?? 'idw';
  const preset = RANGE_OPTIONS.find((r) => r.value === params.get('range'))?.value ?? '24h';
  const from = Number(params.get('from'));
  const to = Number(params.get('to'));
  const days = preset === 'custom' && from > 0 && to >= from ? { from, to } : undefined;
  return { code, province: code === COUNTRY ? COUNTRY : `${code.slice(0, 2)}0000`, pollutant, method, preset, days };
}

export default function ImageAnalysisPage() {
  const [params, setParams] = useSearchParams();
  const choice = readChoice(params);
  const [player, setPlayer] = useState<PlayerState>({ index: Number.MAX_SAFE_INTEGER, speed: 1 });

  const update = (next: Partial<Record<'code' | 'type' | 'method' | 'range' | 'from' | 'to', string | undefined>>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined) merged.delete(k);
      else merged.set(k, v);
    }
    setParams(merged, { replace: true });
  };

  const provinces = useQuery({ queryKey: ['provinceList'], queryFn: fetchProvinces, staleTime: Infinity });
  const cities = useQuery({ queryKey: ['cityList'], queryFn: fetchCityList, staleTime: Infinity });

  const areaName = useMemo(() => {
    if (choice.code === COUNTRY) return '全国';
    const all = [...(provinces.data ?? []), ...(cities.data ?? [])];
    return all.find((a) => a.areaCode === choice.code)?.areaName ?? choice.code;
  }, [choice.code, provinces.data, cities.data]);

  useEffect(() => {
    document.title = `图像分析-${areaName}污染物分布-${SITE_TITLE_SUFFIX}`;
  }, [areaName]);

  const [now] = useState(() => Math.floor(Date.now() / 1000));
  const range = rangeOf(choice.preset, now, choice.days);
  const frames = useQuery({
    queryKey: ['rgbaImages', choice.pollutant, choice.code, choice.method, range.end, range.span],
    queryFn: ({ signal }) =>
      fetchFrames(
        {
          type: choice.pollutant,
          code: choice.code,
          time: formatChinaDateTime(range.end),
          mode: range.span,
          method: choice.method,
        },
        signal,
      ),
    staleTime: 5 * 60_000,
  });
  const shown: ImageFrame[] = useMemo(() => {
    const start = formatChinaDateTime(range.start);
    return (frames.data ?? []).filter((f) => f.time >= start);
  }, [frames.data, range.start]);

  // A new set of frames starts at its latest hour (the newest map first).
  useEffect(() => {
    setPlayer((p) => ({ ...p, index: Math.max(0, shown.length - 1) }));
  }, [shown]);
  const onPlayer = useCallback((next: PlayerState) => setPlayer(next), []);

  const cityOptions = useMemo(
    () =>
      (cities.data ?? [])
        .filter((c) => c.areaType === 3 && c.regionCode === choice.province && c.areaCode !== choice.province)
        .map((c) => ({ value: c.areaCode, label: c.areaName })),
    [cities.data, choice.province],
  );
  const pollutantLabel = POLLUTANT_OPTIONS.find((p) => p.value === choice.pollutant)?.label ?? 'AQI';
  const first = shown[0];
  const last = shown[shown.length - 1];
  const videoName = `${areaName}${pollutantLabel}分布_${(first?.time ?? '').slice(0, 13).replace(/[- :]/g, '')}-${(last?.time ?? '').slice(0, 13).replace(/[- :]/g, '')}`;
  const fps = (SPEEDS.find((s) => s.value === player.speed) ?? SPEEDS[1]).fps;
  const problem =
    frames.error instanceof ApiError ? frames.error.message : frames.error ? '帧列表加载失败，请稍后重试' : undefined;

  return (
    <AntdScope>
      <div className="lt-ia">
        <header className="lt-ia-head">
          <h1 className="lt-ia-title">图像分析</h1>
          <p className="lt-ia-muted">
            国控监测站点的逐小时监测值，经反距离权重（IDW）或普通克里金插值绘制的污染物空间分布，按 HJ 633-2012
            的空气质量等级配色。
          </p>
        </header>

        <section className="lt-ia-card lt-ia-filters" aria-label="筛选">
          <div className="lt-ia-field">
            <span className="lt-ia-label">区域</span>
            <div className="lt-ia-area">
              <Select
                aria-label="省份"
                showSearch={{ optionFilterProp: 'label' }}
                value={choice.province}
                loading={provinces.isPending}
                onChange={(v: string) => update({ code: v })}
                options={[
                  { value: COUNTRY, label: '全国' },
                  ...(provinces.data ?? []).map((p) => ({ value: p.areaCode, label: p.areaName })),
                ]}
              />
              <Select
                aria-label="城市"
                showSearch={{ optionFilterProp: 'label' }}
                value={choice.code === choice.province ? '' : choice.code}
                disabled={choice.province === COUNTRY || cityOptions.length === 0}
                onChange={(v: string) => update({ code: v === '' ? choice.province : v })}
                options={[{ value: '', label: choice.province === COUNTRY ? '—' : '全省' }, ...cityOptions]}
              />
            </div>
          </div>
          <div className="lt-ia-field">
            <span className="lt-ia-label">污染物</span>
            <div className="lt-ia-scroll">
              <Segmented
                aria-label="污染物"
                value={choice.pollutant}
                options={POLLUTANT_OPTIONS}
                onChange={(v) => update({ type: v })}
              />
            </div>
          </div>
          <div className="lt-ia-field">
            <span className="lt-ia-label">插值方法</span>
            <div className="lt-ia-scroll">
              <Segmented
                aria-label="插值方法"
                value={choice.method}
                options={METHOD_OPTIONS}
                onChange={(v) => update({ method: v === 'idw' ? undefined : v })}
              />
            </div>
          </div>
          <div className="lt-ia-field">
            <span className="lt-ia-label">时段</span>
            <div className="lt-ia-scroll">
              <Segmented
                aria-label="时段"
                value={choice.preset}
                options={RANGE_OPTIONS}
                onChange={(v) => update({ range: v, from: undefined, to: undefined })}
              />
            </div>
            {choice.preset === 'custom' ? (
              <DatePicker.RangePicker
                className="lt-ia-dates"
                aria-label="日期范围"
                allowClear={false}
                placeholder={['开始日期', '结束日期']}
                disabledDate={(current, info) =>
                  current.valueOf() > Date.now() ||
                  (info.from !== undefined && Math.abs(current.diff(info.from, 'day')) >= 7)
                }
                onChange={(dates) => {
                  const from = dates?.[0];
                  const to = dates?.[1];
                  if (from && to) {
                    update({
                      from: String(Math.floor(from.startOf('day').valueOf() / 1000)),
                      to: String(Math.floor(to.startOf('day').valueOf() / 1000)),
                    });
                  }
                }}
              />
            ) : null}
          </div>
        </section>

        <section className="lt-ia-card" aria-label="图像播放">
          <div className="lt-ia-card-head">
            <h2 className="lt-ia-h2">
              {areaName} · {pollutantLabel}
            </h2>
            <span className="lt-ia-muted">
              {first && last ? `${first.time.slice(0, 16)} 至 ${last.time.slice(0, 16)}` : ''}
            </span>
          </div>
          {problem ? <Alert type="error" showIcon title={problem} /> : null}
          {frames.isPending ? <Skeleton.Image active className="lt-ia-skeleton" /> : null}
          {frames.isSuccess && shown.length === 0 ? (
            <Alert type="info" showIcon title="所选时段没有监测数据，请换一个时段" />
          ) : null}
          {shown.length > 0 ? (
            <FramePlayer frames={shown} state={player} onState={onPlayer} alt={`${areaName}${pollutantLabel}分布图`} />
          ) : null}
          <ul className="lt-ia-legend" aria-label="图例">
            <li>
              {choice.pollutant === 'aqi'
                ? 'AQI'
                : `${pollutantLabel}（${choice.pollutant === 'co' ? 'mg/m³' : 'μg/m³'}）`}
            </li>
            {legendOf(choice.pollutant).map((item) => (
              <li key={item.label}>
                <span className="lt-ia-chip" style={{ background: item.color }} />
                {item.label}
              </li>
            ))}
            <li>
              <span className="lt-ia-chip" style={{ background: '#e9edf2' }} />
              无站点
            </li>
          </ul>
        </section>

        {shown.length > 0 ? (
          <div className="lt-ia-card">
            <VideoExport
              key={`${choice.code}-${choice.pollutant}-${range.start}-${range.end}`}
              frames={shown}
              name={videoName}
              fps={fps}
            />
          </div>
        ) : null}

        <section className="lt-ia-card lt-ia-method" aria-label="方法说明">
          <h2 className="lt-ia-h2">方法说明</h2>
          <ul>
            <li>
              反距离权重（IDW）：权重为距离平方的倒数，取最近 8 个站点；搜索半径全国 500 km、省级 300 km、地市 150
              km，半径内无站点处显示为灰色。
            </li>
            <li>
              普通克里金：按每个时次的站点数据拟合球状变异函数（块金、偏基台、变程标注在图下方），以最近 8
              个站点求解克里金权重；站点稀疏处比反距离权重更平滑。
            </li>
            <li>配色：AQI 与各污染物按 HJ 633-2012 小时值分级，优、良、轻度、中度、重度、严重污染六级。</li>
            <li>
              时次为整点小时末（北京时间），O₃ 为 1 小时浓度，CO 单位 mg/m³，其余
              μg/m³。插值图反映站点间的大致分布，不代表任意位置的实测值。
            </li>
          </ul>
        </section>
      </div>
    </AntdScope>
  );
}
