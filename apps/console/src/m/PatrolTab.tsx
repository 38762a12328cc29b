import {
  CameraOutlined,
  CloudUploadOutlined,
  EnvironmentOutlined,
  PlayCircleOutlined,
  StopOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Input, Radio, Result, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { nextUploadDelay, pointOf, storedPatrol, TrackBuffer, uploadFailure } from '../sections/patrols/patrol-buffer';
import { chinaClock, chinaTimeMs, clock, formatDistance } from '../sections/patrols/patrol-view';
import {
  finishPatrol,
  getCurrentPatrol,
  getPatrolTools,
  type PatrolRow,
  patrolKeys,
  sendPoints,
  startPatrol,
} from '../sections/patrols/patrols.api';
import { ApiError, errorText } from '../shared/api';
import '../sections/patrols/patrol-tab.css';
import { useCan } from '../shared/session/session-context';

type Gps =
  | { state: 'waiting' }
  | { state: 'ok'; accuracy: number | null; at: number }
  | { state: 'failed'; why: string };

type Upload =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'sent'; at: number }
  | { state: 'waiting'; failures: number; retryAt: number; why: string };

function gpsProblem(error: GeolocationPositionError | undefined): string {
  if (error === undefined) return '此浏览器不能定位，无法记录轨迹';
  if (error.code === error.PERMISSION_DENIED) return '未允许定位：请在浏览器设置中允许本网站使用位置信息';
  if (error.code === error.TIMEOUT) return '暂时没有定位信号，请到开阔处';
  return '无法获取位置，正在重试';
}

const storage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

/** An in-memory stand-in when the browser forbids storage (private mode): points then live as long as the page. */
const memory = new Map<string, string>();
const memoryStore = {
  getItem: (k: string) => memory.get(k) ?? null,
  setItem: (k: string, v: string) => void memory.set(k, v),
  removeItem: (k: string) => void memory.delete(k),
};

/**
 * 巡查 on the phone: choose how you patrol and 开始巡查; while it runs, every GPS fix goes into a
 * buffer kept in memory and in the browser's storage, batches go to the server every 15 s (doubling
 * waits while offline; re-sending is safe), and the screen shows the time, the distance and what is
 * still to upload. 上报事件 opens the report form; 结束巡查 uploads the rest, then ends the patrol.
 * A reload (or a phone that slept) resumes the same patrol with its points.
 */
export function PatrolTab() {
  const canPatrol = useCan('grid:report');
  if (!canPatrol) {
    return <Result status="403" title="没有权限" subTitle="您的角色不能巡查，请联系管理员。" />;
  }
  return <Patrol />;
}

function Patrol() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const store = storage() ?? memoryStore;

  const current = useQuery({
    queryKey: patrolKeys.current,
    queryFn: ({ signal }) => getCurrentPatrol(signal),
    retry: 1,
    refetchOnWindowFocus: false,
  });
  const tools = useQuery({
    queryKey: patrolKeys.tools,
    queryFn: ({ signal }) => getPatrolTools(signal),
    staleTime: 10 * 60_000,
  });

  const [finished, setFinished] = useState<PatrolRow | undefined>(undefined);
  const patrol = current.data?.patrol;
  // Offline (the server cannot be asked), the patrol this phone was recording goes on.
  const offlineId = current.isError ? storedPatrol(store)?.patrolId : undefined;
  const patrolId = patrol?.patrolId ?? offlineId;

  // Points of a patrol that is no longer running cannot be sent any more.
  useEffect(() => {
    if (current.data === null && storedPatrol(store) !== undefined) TrackBuffer.discard(store);
  }, [current.data, store]);

  const start = useMutation({
    mutationFn: (tool: string) => startPatrol({ tool }),
    onSuccess: (row) => {
      TrackBuffer.open(store, row.patrolId);
      setFinished(undefined);
      queryClient.setQueryData(patrolKeys.current, { patrol: row, lastPointAt: null });
      void queryClient.invalidateQueries({ queryKey: patrolKeys.all, refetchType: 'none' });
    },
    onError: (error) => {
      // 409: a patrol already runs (started on another device): show it.
      if (error instanceof ApiError && error.status === 409) void current.refetch();
      void message.error(errorText(error));
    },
  });

  if (finished !== undefined) {
    return <Finished row={finished} onAgain={() => setFinished(undefined)} />;
  }
  if (patrolId !== undefined) {
    return (
      <Recording
        key={patrolId}
        patrolId={patrolId}
        patrol={patrol}
        store={store}
        onReport={() => navigate(`/m/report?patrolId=${encodeURIComponent(patrolId)}`)}
        onFinished={(row) => {
          setFinished(row);
          queryClient.setQueryData(patrolKeys.current, null);
          void queryClient.invalidateQueries({ queryKey: patrolKeys.all });
        }}
        onGone={(why) => {
          void modal.warning({ title: '巡查已结束', content: why });
          queryClient.setQueryData(patrolKeys.current, null);
          void current.refetch();
        }}
      />
    );
  }
  if (current.isPending) return <Spin className="lt-m-patrol-loading" />;
  return (
    <StartCard
      tools={tools.data ?? []}
      loading={tools.isPending}
      problem={current.isError ? errorText(current.error) : tools.isError ? errorText(tools.error) : undefined}
      starting={start.isPending}
      onStart={(tool) => start.mutate(tool)}
    />
  );
}

function StartCard({
  tools,
  loading,
  problem,
  starting,
  onStart,
}: {
  tools: readonly { value: string; label: string }[];
  loading: boolean;
  problem: string | undefined;
  starting: boolean;
  onStart(tool: string): void;
}) {
  const [tool, setTool] = useState<string | undefined>(undefined);
  const chosen = tool ?? tools[0]?.value;
  return (
    <section className="lt-m-card lt-m-patrol-card" aria-label="开始巡查">
      <Typography.Title level={5} className="lt-m-patrol-heading">
        <EnvironmentOutlined /> 开始巡查
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        巡查中手机会记录行走轨迹，每 15 秒上传一次；没有网络时先保存在手机上，恢复后自动补传。巡查时请保持本页面打开。
      </Typography.Paragraph>
      {problem !== undefined && <Alert type="error" showIcon title={problem} className="lt-form-alert" />}
      <div className="lt-m-patrol-label">巡查方式</div>
      {loading ? (
        <Spin />
      ) : (
        <Radio.Group
          value={chosen}
          onChange={(e) => setTool(String(e.target.value))}
          optionType="button"
          buttonStyle="solid"
          className="lt-m-patrol-tools"
          options={tools.map((t) => ({ value: t.value, label: t.label }))}
          aria-label="巡查方式"
        />
      )}
      <Button
        type="primary"
        block
        size="large"
        icon={<PlayCircleOutlined />}
        className="lt-m-submit lt-m-patrol-start"
        disabled={chosen === undefined}
        loading={starting}
        onClick={() => chosen !== undefined && onStart(chosen)}
      >
        开始巡查
      </Button>
    </section>
  );
}

function Recording({
  patrolId,
  patrol,
  store,
  onReport,
  onFinished,
  onGone,
}: {
  patrolId: string;
  patrol: PatrolRow | undefined;
  store: Storage | typeof memoryStore;
  onReport(): void;
  onFinished(row: PatrolRow): void;
  onGone(why: string): void;
}) {
  const { message, modal } = App.useApp();
  const buffer = useRef<TrackBuffer | null>(null);
  if (buffer.current === null) buffer.current = TrackBuffer.open(store, patrolId, { distanceM: patrol?.distanceM });
  const [gps, setGps] = useState<Gps>({ state: 'waiting' });
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const [pending, setPending] = useState(buffer.current.pending);
  const [distance, setDistance] = useState(buffer.current.distanceM);
  const [now, setNow] = useState(() => Date.now());
  const [finishing, setFinishing] = useState(false);
  const [note, setNote] = useState('');
  const failures = useRef(0);
  const sending = useRef<Promise<void> | null>(null);
  const stopped = useRef(false);
  const gone = useRef(onGone);
  gone.current = onGone;

  const startedAt = patrol === undefined ? Number.NaN : chinaTimeMs(patrol.startedAt);

  const refresh = useCallback(() => {
    const b = buffer.current;
    if (b === null) return;
    setPending(b.pending);
    setDistance(b.distanceM);
  }, []);

  /** Sends what is pending, batch after batch; resolves when all is sent or one batch failed. */
  const flush = useCallback((): Promise<void> => {
    if (sending.current !== null) return sending.current;
    const run = async () => {
      const b = buffer.current;
      while (b !== null && b.pending > 0 && !stopped.current) {
        const batch = b.nextBatch();
        setUpload({ state: 'sending' });
        try {
          await sendPoints(patrolId, batch);
          b.acknowledge(batch);
          failures.current = 0;
          setUpload({ state: 'sent', at: Date.now() });
          refresh();
        } catch (error) {
          const status = error instanceof ApiError ? error.status : 0;
          const kind = uploadFailure(status, errorText(error));
          if (kind === 'drop-batch') {
            b.acknowledge(batch);
            refresh();
            continue;
          }
          if (kind === 'stop') {
            stopped.current = true;
            b.dropPending();
            TrackBuffer.discard(store);
            gone.current(errorText(error));
            return;
          }
          failures.current += 1;
          setUpload({
            state: 'waiting',
            failures: failures.current,
            retryAt: Date.now() + nextUploadDelay(failures.current),
            why: navigator.onLine ? errorText(error) : '手机没有网络',
          });
          return;
        }
      }
    };
    const p = run().finally(() => {
      sending.current = null;
    });
    sending.current = p;
    return p;
  }, [patrolId, refresh, store]);

  // The GPS: every fix into the buffer (and so into storage).
  useEffect(() => {
    if (!('geolocation' in navigator)) {
      setGps({ state: 'failed', why: gpsProblem(undefined) });
      return;
    }
    const id = navigator.geolocation.watchPosition(
      (position) => {
        const point = pointOf(position);
        if (point === undefined) {
          setGps({ state: 'failed', why: '定位结果不在中国境内' });
          return;
        }
        setGps({ state: 'ok', accuracy: point.accuracy ?? null, at: point.t });
        if (buffer.current?.add(point)) refresh();
      },
      (error) => setGps({ state: 'failed', why: gpsProblem(error) }),
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, [refresh]);

  // The upload clock: every 15 s while all is well, doubling waits after failures; at once when the
  // network comes back.
  useEffect(() => {
    let timer = 0;
    const schedule = () => {
      timer = window.setTimeout(async () => {
        await flush();
        if (!stopped.current) schedule();
      }, nextUploadDelay(failures.current));
    };
    schedule();
    const online = () => {
      failures.current = 0;
      void flush();
    };
    window.addEventListener('online', online);
    // Leaving the page for a while (the phone sleeps): send what is there when it comes back.
    const visible = () => document.visibilityState === 'visible' && void flush();
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visible);
    };
  }, [flush]);

  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);

  const end = async (dropUnsent: boolean) => {
    setFinishing(true);
    try {
      if (!dropUnsent) {
        failures.current = 0;
        await flush();
        const left = buffer.current?.pending ?? 0;
        if (left > 0) {
          modal.confirm({
            title: `还有 ${left} 个轨迹点未上传`,
            content: '网络恢复后可以再点「结束巡查」补传。现在结束会丢弃这些点。',
            okText: '丢弃并结束',
            okButtonProps: { danger: true },
            cancelText: '稍后再结束',
            onOk: () => end(true),
          });
          return;
        }
      }
      const row = await finishPatrol({ patrolId, ...(note.trim() === '' ? {} : { note: note.trim() }) });
      stopped.current = true;
      TrackBuffer.discard(store);
      onFinished(row);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        stopped.current = true;
        TrackBuffer.discard(store);
        gone.current(errorText(error));
      } else void message.error(`结束巡查失败：${errorText(error)}`);
    } finally {
      setFinishing(false);
    }
  };

  const confirmEnd = () =>
    modal.confirm({
      title: '结束本次巡查？',
      content: '结束前会先上传尚未上传的轨迹点。',
      okText: '结束巡查',
      cancelText: '继续巡查',
      onOk: () => end(false),
    });

  const elapsed = Number.isNaN(startedAt) ? undefined : (now - startedAt) / 1000;

  return (
    <div className="lt-m-patrol">
      <section className="lt-m-card lt-m-patrol-card" aria-label="巡查中">
        <div className="lt-m-patrol-status">
          <span className="lt-m-patrol-dot" aria-hidden />
          巡查中{patrol !== undefined && ` · ${patrol.toolName}`}
          {patrol?.gridName != null && <span className="lt-m-patrol-grid">{patrol.gridName}</span>}
        </div>
        <div className="lt-m-patrol-figures">
          <div>
            <div className="lt-m-patrol-value">{elapsed === undefined ? '—' : clock(elapsed)}</div>
            <div className="lt-m-patrol-caption">时长</div>
          </div>
          <div>
            <div className="lt-m-patrol-value">{formatDistance(distance)}</div>
            <div className="lt-m-patrol-caption">里程</div>
          </div>
          <div>
            <div className={pending > 0 ? 'lt-m-patrol-value lt-m-patrol-pending' : 'lt-m-patrol-value'}>{pending}</div>
            <div className="lt-m-patrol-caption">待上传</div>
          </div>
        </div>
        <div className="lt-m-patrol-lines">
          <div>
            <EnvironmentOutlined />{' '}
            {gps.state === 'waiting' && <Typography.Text type="secondary">正在定位…</Typography.Text>}
            {gps.state === 'ok' && (
              <Typography.Text type="success">
                定位正常{gps.accuracy === null ? '' : `（精度约 ${Math.round(gps.accuracy)} 米）`} ·{' '}
                {chinaClock(gps.at)}
              </Typography.Text>
            )}
            {gps.state === 'failed' && <Typography.Text type="warning">{gps.why}</Typography.Text>}
          </div>
          <div aria-live="polite">
            <CloudUploadOutlined /> <UploadLine upload={upload} pending={pending} now={now} />
          </div>
          {buffer.current.storeFailed && (
            <div>
              <WarningOutlined />{' '}
              <Typography.Text type="warning">手机存储已满，未上传的点只保存在本页面中</Typography.Text>
            </div>
          )}
        </div>
      </section>
      <Button block size="large" icon={<CameraOutlined />} className="lt-m-patrol-button" onClick={onReport}>
        上报事件
      </Button>
      <Input.TextArea
        rows={2}
        maxLength={500}
        placeholder="结束备注（选填）"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        className="lt-m-patrol-note"
        aria-label="结束备注"
      />
      <Button
        danger
        type="primary"
        block
        size="large"
        icon={<StopOutlined />}
        className="lt-m-submit"
        loading={finishing}
        onClick={confirmEnd}
      >
        结束巡查
      </Button>
    </div>
  );
}

function UploadLine({ upload, pending, now }: { upload: Upload; pending: number; now: number }) {
  if (upload.state === 'sending') return <Typography.Text>正在上传…</Typography.Text>;
  if (upload.state === 'waiting') {
    const wait = Math.max(0, Math.ceil((upload.retryAt - now) / 1000));
    return (
      <Typography.Text type="warning">
        上传失败（{upload.why}），{wait > 0 ? `${wait} 秒后重试` : '正在重试'}
      </Typography.Text>
    );
  }
  if (upload.state === 'sent')
    return (
      <Typography.Text type="secondary">
        {chinaClock(upload.at)} 已上传{pending > 0 ? `，${pending} 个点待上传` : ''}
      </Typography.Text>
    );
  return (
    <Typography.Text type="secondary">{pending > 0 ? `${pending} 个点等待上传` : '每 15 秒上传一次'}</Typography.Text>
  );
}

function Finished({ row, onAgain }: { row: PatrolRow; onAgain(): void }) {
  return (
    <section className="lt-m-card lt-m-patrol-card" aria-label="巡查已结束">
      <Result
        status="success"
        title="巡查已结束"
        subTitle={`${row.toolName} · 时长 ${clock(row.durationSeconds)} · 里程 ${formatDistance(row.distanceM)} · 上报事件 ${row.eventCount} 个`}
        extra={
          <Button type="primary" onClick={onAgain}>
            再次巡查
          </Button>
        }
      />
    </section>
  );
}
