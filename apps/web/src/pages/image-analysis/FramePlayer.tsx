import type { ImageFrame } from '@lantian/contracts';
import { Button, Select, Slider, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { nextIndex, previousIndex, SPEEDS } from './player';

/**
 * The frame player: every frame preloaded (the bar shows how many are in), play and pause, a step
 * back and forward, the speed, and a time slider. While playing it waits on a frame that has not
 * loaded yet instead of showing a blank.
 */

export interface PlayerState {
  index: number;
  speed: number;
}

function useFramePreload(frames: readonly ImageFrame[]) {
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(new Set());
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    setLoaded(new Set());
    setFailed(new Set());
    const images: HTMLImageElement[] = [];
    for (const frame of frames) {
      const img = new Image();
      img.decoding = 'async';
      img.onload = () => setLoaded((s) => new Set(s).add(frame.url));
      img.onerror = () => setFailed((s) => new Set(s).add(frame.url));
      img.src = frame.url;
      images.push(img);
    }
    return () => {
      for (const img of images) {
        img.onload = null;
        img.onerror = null;
      }
    };
  }, [frames]);
  return { loaded, failed };
}

const clock = (time: string) => time.slice(5, 16).replace('-', '月').replace(' ', '日 ');

export function FramePlayer({
  frames,
  state,
  onState,
  alt,
}: {
  frames: readonly ImageFrame[];
  state: PlayerState;
  onState(next: PlayerState): void;
  alt: string;
}) {
  const [playing, setPlaying] = useState(false);
  const { loaded, failed } = useFramePreload(frames);
  const count = frames.length;
  const index = Math.min(state.index, Math.max(0, count - 1));
  const frame = frames[index];
  const speed = SPEEDS.find((s) => s.value === state.speed) ?? SPEEDS[1];
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = setInterval(() => {
      const current = stateRef.current;
      const next = nextIndex(Math.min(current.index, count - 1), count);
      const target = frames[next];
      // Waits for the next frame rather than flashing an empty one.
      if (target !== undefined && !loaded.has(target.url) && !failed.has(target.url)) return;
      onState({ ...current, index: next });
    }, speed.ms);
    return () => clearInterval(timer);
  }, [playing, count, speed.ms, frames, loaded, failed, onState]);

  useEffect(() => {
    if (count < 2) setPlaying(false);
  }, [count]);

  const ready = loaded.size + failed.size;
  const step = (to: number) => {
    setPlaying(false);
    onState({ ...state, index: to });
  };

  return (
    <div className="lt-ia-player">
      <div className="lt-ia-stage">
        {frame === undefined ? null : (
          <img
            key={frame.url}
            className="lt-ia-frame"
            src={frame.url}
            alt={`${alt} ${frame.time}`}
            data-time={frame.time}
            width={960}
            height={720}
          />
        )}
        {frame !== undefined && !loaded.has(frame.url) && !failed.has(frame.url) ? (
          <div className="lt-ia-stage-note">正在加载图像…</div>
        ) : null}
        {frame !== undefined && failed.has(frame.url) ? (
          <div className="lt-ia-stage-note lt-ia-stage-error">该时次图像加载失败</div>
        ) : null}
      </div>
      <div className="lt-ia-now">
        <span className="lt-ia-now-time" data-testid="frame-time">
          {frame ? frame.time.slice(0, 16) : '—'}
        </span>
        <span className="lt-ia-now-count">
          第 {count === 0 ? 0 : index + 1} / {count} 帧{ready < count ? ` · 已加载 ${ready}/${count}` : ''}
          {frame?.demo ? ' · 演示数据' : ''}
        </span>
      </div>
      <Slider
        className="lt-ia-slider"
        min={0}
        max={Math.max(0, count - 1)}
        value={index}
        disabled={count < 2}
        onChange={(v) => step(v)}
        tooltip={{ formatter: (v) => (v === undefined ? '' : clock(frames[v]?.time ?? '')) }}
        aria-label="时次"
      />
      <div className="lt-ia-ends" aria-hidden="true">
        <span>{frames[0] ? clock(frames[0].time) : ''}</span>
        <span>{frames[count - 1] ? clock(frames[count - 1]?.time ?? '') : ''}</span>
      </div>
      <div className="lt-ia-controls">
        <Tooltip title="上一帧">
          <Button aria-label="上一帧" onClick={() => step(previousIndex(index, count))} disabled={count < 2}>
            ‹ 上一帧
          </Button>
        </Tooltip>
        <Button
          type="primary"
          className="lt-ia-play"
          aria-label={playing ? '暂停' : '播放'}
          onClick={() => setPlaying((p) => !p)}
          disabled={count < 2}
        >
          {playing ? '❚❚ 暂停' : '▶ 播放'}
        </Button>
        <Tooltip title="下一帧">
          <Button aria-label="下一帧" onClick={() => step(nextIndex(index, count))} disabled={count < 2}>
            下一帧 ›
          </Button>
        </Tooltip>
        <Select
          className="lt-ia-speed"
          aria-label="播放速度"
          value={state.speed}
          onChange={(v) => onState({ ...state, speed: v })}
          options={SPEEDS.map((s) => ({ value: s.value, label: `速度 ${s.label}` }))}
        />
      </div>
    </div>
  );
}
