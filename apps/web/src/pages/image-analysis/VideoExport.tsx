import { type ImageFrame, VIDEO_LIMITS } from '@lantian/contracts';
import { Alert, Button, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { createVideo } from './image-analysis.api';

/**
 * 导出视频: the frames shown are fetched (from the browser's cache, they were preloaded), uploaded
 * in order to /api/createVideo with the upload's progress and an abort button, and the MP4 is offered
 * for download and previewed.
 */

type Phase =
  | { kind: 'idle' }
  | { kind: 'collecting'; done: number; total: number }
  | { kind: 'uploading'; percent: number }
  | { kind: 'encoding' }
  | { kind: 'ready'; url: string; fileName: string; bytes: number; frames: number }
  | { kind: 'failed'; message: string }
  | { kind: 'aborted' };

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function collect(
  frames: readonly ImageFrame[],
  signal: AbortSignal,
  onDone: (n: number) => void,
): Promise<Blob[]> {
  const out: Blob[] = new Array(frames.length);
  let done = 0;
  let next = 0;
  // Six at a time, as a browser fetches from one host.
  const worker = async () => {
    while (next < frames.length) {
      const i = next++;
      const frame = frames[i];
      if (frame === undefined) continue;
      const res = await fetch(frame.url, { signal });
      if (!res.ok) throw new ApiError(`${frame.time.slice(0, 16)} 的图像无法获取（HTTP ${res.status}）`, 0, res.status);
      out[i] = await res.blob();
      onDone(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(6, frames.length) }, worker));
  return out;
}

export function VideoExport({ frames, name, fps }: { frames: readonly ImageFrame[]; name: string; fps: number }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const controller = useRef<AbortController | undefined>(undefined);

  // Leaving the page (or another choice of frames: the parent gives this a new key) stops an export under way.
  useEffect(() => () => controller.current?.abort(), []);
  useEffect(
    () => () => {
      if (phase.kind === 'ready') URL.revokeObjectURL(phase.url);
    },
    [phase],
  );

  const tooMany = frames.length > VIDEO_LIMITS.maxFiles;
  const busy = phase.kind === 'collecting' || phase.kind === 'uploading' || phase.kind === 'encoding';

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setPhase({ kind: 'collecting', done: 0, total: frames.length });
    try {
      const blobs = await collect(frames, abort.signal, (done) =>
        setPhase({ kind: 'collecting', done, total: frames.length }),
      );
      setPhase({ kind: 'uploading', percent: 0 });
      const video = await createVideo(
        blobs,
        name,
        fps,
        (p) => {
          const percent = Math.min(100, Math.round((p.loaded / p.total) * 100));
          setPhase(percent >= 100 ? { kind: 'encoding' } : { kind: 'uploading', percent });
        },
        abort.signal,
      );
      setPhase({
        kind: 'ready',
        url: URL.createObjectURL(video),
        fileName: `${name}.mp4`,
        bytes: video.size,
        frames: frames.length,
      });
    } catch (err) {
      if (abort.signal.aborted || (err instanceof DOMException && err.name === 'AbortError')) {
        setPhase({ kind: 'aborted' });
        return;
      }
      setPhase({ kind: 'failed', message: err instanceof Error ? err.message : '生成视频失败，请重试' });
    }
  };

  return (
    <section className="lt-ia-export" aria-label="导出视频">
      <div className="lt-ia-export-head">
        <div>
          <h2 className="lt-ia-h2">导出视频</h2>
          <p className="lt-ia-muted">
            将当前 {frames.length} 帧按顺序合成为 MP4（H.264），每秒 {fps} 帧；最多 {VIDEO_LIMITS.maxFiles} 帧。
          </p>
        </div>
        {busy ? (
          <Button danger onClick={() => controller.current?.abort()}>
            取消
          </Button>
        ) : (
          <Button type="primary" onClick={start} disabled={frames.length === 0 || tooMany}>
            导出视频
          </Button>
        )}
      </div>
      {tooMany ? (
        <Alert type="warning" showIcon title={`帧数超过 ${VIDEO_LIMITS.maxFiles}，请缩短时段后再导出`} />
      ) : null}
      {phase.kind === 'collecting' ? (
        <div className="lt-ia-progress" role="status">
          <span>
            准备图像 {phase.done}/{phase.total}
          </span>
          <Progress percent={Math.round((phase.done / Math.max(1, phase.total)) * 100)} size="small" />
        </div>
      ) : null}
      {phase.kind === 'uploading' ? (
        <div className="lt-ia-progress" role="status">
          <span>上传中 {phase.percent}%</span>
          <Progress percent={phase.percent} size="small" status="active" aria-label="上传进度" />
        </div>
      ) : null}
      {phase.kind === 'encoding' ? (
        <div className="lt-ia-progress" role="status">
          <span>上传完成，服务器正在生成视频…</span>
          <Progress percent={100} size="small" status="active" />
        </div>
      ) : null}
      {phase.kind === 'aborted' ? <Alert type="info" showIcon title="已取消导出，未生成视频" /> : null}
      {phase.kind === 'failed' ? <Alert type="error" showIcon title={phase.message} /> : null}
      {phase.kind === 'ready' ? (
        <div className="lt-ia-ready">
          <video className="lt-ia-video" src={phase.url} controls muted playsInline aria-label="视频预览" />
          <a className="ant-btn ant-btn-primary lt-ia-download" href={phase.url} download={phase.fileName}>
            下载 MP4（{phase.frames} 帧，{megabytes(phase.bytes)}）
          </a>
        </div>
      ) : null}
    </section>
  );
}
