import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { TEXT, TIMING } from './messages';
import { pieceXFor, SLIDE_DEFAULTS, SLIDER_SIZE, withinTrack } from './slide-verify-logic';
import './slide-verify.css';

/**
 * The slide-puzzle verification widget (spec §2, §3 "Slide-verify props", §4 "Slide-verify"). The
 * server draws the picture with its hole and the matching piece, and judges the release position and
 * the drag trail; the widget moves the piece, records the trail and shows the verdict.
 */

export interface Puzzle {
  uuid: string;
  /** Image URLs (data: URLs) of the picture with its hole and of the piece. */
  background: string;
  piece: string;
  /** Top of the piece in picture pixels. */
  y: number;
  /** Side of the (square) piece image in picture pixels. */
  pieceSize: number;
}

/** One drag sample for the server's plausibility check: ms since the press, piece x (picture px), vertical offset. */
export interface DragSample {
  t: number;
  x: number;
  y: number;
}

/** What a release sends: the spec's vertical trail, and the full track the server judges (time, x, y). */
export interface SlideRelease {
  uuid: string;
  x: number;
  trail: number[];
  track: DragSample[];
}

export type SlideVerdict = { status: 'pass'; ticket: string } | { status: 'again' } | { status: 'fail' };

export interface SlideVerifyProps {
  width?: number;
  height?: number;
  loadPuzzle: (signal: AbortSignal) => Promise<Puzzle>;
  checkPuzzle: (release: SlideRelease) => Promise<SlideVerdict>;
  onSuccess: (result: { ticket: string; elapsedMs: number }) => void;
  onFail?: () => void;
  onAgain?: () => void;
  onClose: () => void;
  onRefresh?: () => void;
}

type Phase = 'loading' | 'ready' | 'dragging' | 'checking' | 'success' | 'again' | 'fail' | 'broken';

/** Attempts at a picture before the widget gives up and asks for a click (spec: alternate picture). */
const MAX_PICTURE_ATTEMPTS = 3;
/** The server reads at most this many trail samples (100 s of dragging at one per 50 ms). */
const MAX_TRAIL_SAMPLES = 2000;

export function SlideVerify({
  width = SLIDE_DEFAULTS.width,
  height = SLIDE_DEFAULTS.height,
  loadPuzzle,
  checkPuzzle,
  onSuccess,
  onFail,
  onAgain,
  onClose,
  onRefresh,
}: SlideVerifyProps) {
  const [puzzle, setPuzzle] = useState<Puzzle | null>(null);
  const [phase, setPhaseState] = useState<Phase>('loading');
  const [handleX, setHandleX] = useState(0);
  const [trackWidth, setTrackWidth] = useState(width);
  const [generation, setGeneration] = useState(0);
  const phaseRef = useRef<Phase>('loading');
  const rootRef = useRef<HTMLDivElement>(null);
  const drag = useRef({
    startX: 0,
    startY: 0,
    downAt: 0,
    lastMoveAt: 0,
    x: 0,
    trail: [] as number[],
    track: [] as DragSample[],
  });
  const attempts = useRef(0);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const setPhase = useCallback((p: Phase) => {
    phaseRef.current = p;
    setPhaseState(p);
  }, []);

  // Fetch a puzzle on mount and on every refresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` is the refresh trigger
  useEffect(() => {
    const controller = new AbortController();
    setPhase('loading');
    setHandleX(0);
    drag.current.x = 0;
    loadPuzzle(controller.signal).then(
      (p) => {
        if (!controller.signal.aborted) setPuzzle(p);
      },
      () => {
        if (!controller.signal.aborted) setPhase('broken');
      },
    );
    return () => controller.abort();
  }, [generation, loadPuzzle, setPhase]);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  useEffect(() => {
    const el = rootRef.current;
    if (el === null) return;
    const measure = () => setTrackWidth(el.clientWidth || width);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [width]);

  const refresh = useCallback(() => {
    clearTimeout(resetTimer.current);
    onRefresh?.();
    setGeneration((g) => g + 1);
  }, [onRefresh]);

  const onPictureLoaded = () => {
    attempts.current = 0;
    if (phaseRef.current === 'loading') setPhase('ready');
  };

  // A picture that does not decode is replaced by another one (spec §2: alternate picture).
  const onPictureError = () => {
    attempts.current += 1;
    if (attempts.current < MAX_PICTURE_ATTEMPTS) setGeneration((g) => g + 1);
    else setPhase('broken');
  };

  const pieceWidth = puzzle?.pieceSize ?? SLIDE_DEFAULTS.blockSize + 2 * SLIDE_DEFAULTS.radius;
  const pieceX = pieceXFor(handleX, trackWidth, width, pieceWidth);

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    // Dragging is ignored once the puzzle is solved, while it loads or while a verdict is shown.
    if (phaseRef.current !== 'ready') return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const now = performance.now();
    drag.current = { startX: e.clientX, startY: e.clientY, downAt: now, lastMoveAt: 0, x: 0, trail: [], track: [] };
    setPhase('dragging');
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (phaseRef.current !== 'dragging') return;
    const now = performance.now();
    if (now - drag.current.lastMoveAt < TIMING.slideThrottleMs) return;
    const moveX = e.clientX - drag.current.startX;
    if (!withinTrack(moveX, trackWidth)) return;
    drag.current.lastMoveAt = now;
    drag.current.x = moveX;
    if (drag.current.trail.length < MAX_TRAIL_SAMPLES) {
      const y = Math.round(e.clientY - drag.current.startY);
      drag.current.trail.push(y);
      drag.current.track.push({
        t: Math.round(now - drag.current.downAt),
        x: Math.round(pieceXFor(moveX, trackWidth, width, pieceWidth) * 10) / 10,
        y,
      });
    }
    setHandleX(moveX);
  };

  const release = async () => {
    if (phaseRef.current !== 'dragging' || puzzle === null) return;
    const { x, trail, track, downAt } = drag.current;
    if (x === 0) {
      setPhase('ready');
      return;
    }
    const elapsedMs = Math.round(performance.now() - downAt);
    setPhase('checking');
    let verdict: SlideVerdict;
    try {
      verdict = await checkPuzzle({
        uuid: puzzle.uuid,
        x: pieceXFor(x, trackWidth, width, pieceWidth),
        trail,
        track,
      });
    } catch {
      verdict = { status: 'fail' };
    }
    if (verdict.status === 'pass') {
      setPhase('success');
      onSuccess({ ticket: verdict.ticket, elapsedMs });
      return;
    }
    setPhase(verdict.status);
    if (verdict.status === 'again') onAgain?.();
    else onFail?.();
    // The server spends a puzzle on every check, so a retry needs a new one.
    resetTimer.current = setTimeout(() => setGeneration((g) => g + 1), TIMING.slideFailResetMs);
  };

  const close = () => {
    clearTimeout(resetTimer.current);
    onFail?.();
    onClose();
  };

  const trackState =
    phase === 'success'
      ? 'lt-sv-track-success'
      : phase === 'fail' || phase === 'again'
        ? 'lt-sv-track-fail'
        : phase === 'dragging' || phase === 'checking'
          ? 'lt-sv-track-active'
          : '';
  const showPrompt = handleX === 0 && (phase === 'ready' || phase === 'loading');

  return (
    <div
      className="lt-sv"
      ref={rootRef}
      style={{ maxWidth: width }}
      data-phase={phase}
      data-piece-x={pieceX.toFixed(1)}
    >
      <div className="lt-sv-header">
        <span className="lt-sv-title">{TEXT.slideHeader}</span>
        <button type="button" className="lt-sv-icon" onClick={refresh} aria-label="换一张" title="换一张">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              fill="currentColor"
              d="M17.65 6.35A7.95 7.95 0 0 0 12 4a8 8 0 1 0 7.74 10h-2.08A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4l-2.35 2.35z"
            />
          </svg>
        </button>
        <button type="button" className="lt-sv-icon" onClick={close} aria-label="关闭验证" title="关闭">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              fill="currentColor"
              d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z"
            />
          </svg>
        </button>
      </div>
      <div className="lt-sv-picture" style={{ aspectRatio: `${width} / ${height}` }}>
        {puzzle !== null && (
          <>
            <button type="button" className="lt-sv-refresh-area" onClick={refresh} aria-label="看不清？换一张">
              <img
                key={`bg-${puzzle.uuid}`}
                src={puzzle.background}
                alt="拼图背景"
                draggable={false}
                onLoad={onPictureLoaded}
                onError={onPictureError}
              />
            </button>
            <img
              key={`piece-${puzzle.uuid}`}
              className="lt-sv-piece"
              src={puzzle.piece}
              alt=""
              draggable={false}
              onError={onPictureError}
              style={{
                left: `${(pieceX / width) * 100}%`,
                top: `${(puzzle.y / height) * 100}%`,
                width: `${(pieceWidth / width) * 100}%`,
                visibility: phase === 'loading' ? 'hidden' : 'visible',
              }}
            />
          </>
        )}
        {phase === 'loading' && <div className="lt-sv-loading">{TEXT.slideLoading}</div>}
        {phase === 'broken' && (
          <button type="button" className="lt-sv-loading lt-sv-broken" onClick={refresh}>
            图片加载失败，点击重试
          </button>
        )}
        {phase === 'success' && <div className="lt-sv-verdict lt-sv-verdict-pass">验证通过</div>}
        {phase === 'again' && <div className="lt-sv-verdict lt-sv-verdict-fail">请再试一次</div>}
        {phase === 'fail' && <div className="lt-sv-verdict lt-sv-verdict-fail">验证失败，请重试</div>}
      </div>
      <div className={`lt-sv-track ${trackState}`}>
        <div className="lt-sv-mask" style={{ width: handleX + SLIDER_SIZE }} />
        {showPrompt && <span className="lt-sv-prompt">{TEXT.slidePrompt}</span>}
        <div
          className="lt-sv-handle"
          role="slider"
          tabIndex={-1}
          aria-label={TEXT.slidePrompt}
          aria-valuemin={0}
          aria-valuemax={Math.max(0, trackWidth - SLIDER_SIZE)}
          aria-valuenow={Math.round(handleX)}
          style={{ left: handleX }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={release}
          onPointerCancel={release}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            {phase === 'success' ? (
              <path fill="currentColor" d="M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z" />
            ) : phase === 'fail' || phase === 'again' ? (
              <path
                fill="currentColor"
                d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z"
              />
            ) : (
              <path fill="currentColor" d="M12 4l-1.41 1.41L16.17 11H4v2h12.17l-5.58 5.59L12 20l8-8z" />
            )}
          </svg>
        </div>
      </div>
    </div>
  );
}
