import {
  ErrorCode,
  MAX_DISPLAY_TRACK_POINTS,
  PATROL_FUTURE_TOLERANCE_SECONDS,
  PATROL_STATUSES,
  type PatrolDetail,
  type PatrolRow,
  type patrolFinishBody,
  type patrolListQuery,
  type patrolPointsBody,
  type patrolStartBody,
} from '@lantian/contracts';
import {
  admitFixes,
  EVENT_STATES,
  formatChinaDateTime,
  isEventState,
  parseChinaDateTime,
  simplifyTrack,
  type TrackFix,
} from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import { AppError, conflict, invalidField, notFound } from '../../../platform/errors';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import type { OperatorPrincipal } from '../../../platform/http/principal';
import type { AuditActor, AuditLog } from '../audit';
import type { PatrolRecord, PatrolScope, PatrolsRepository } from './patrols.repository';

/** Grids and grid roles (the grids module). */
export interface PatrolGrids {
  membership(operatorId: string): Promise<{ gridCode: string; role: 'manager' | 'member' } | null>;
  /** The county of a grid, null for an unknown grid. */
  areaOf(gridCode: string): Promise<string | null>;
  names(codes: readonly string[]): Promise<Map<string, string>>;
}

/** The patrol tools of the dictionary (`patrolTools`). */
export interface PatrolTools {
  /** The enabled tools, in order. */
  items(): Promise<Array<{ value: string; label: string }>>;
  /** The label of a tool, disabled ones too. */
  label(value: string): Promise<string | undefined>;
}

export interface PatrolHandler {
  principal: OperatorPrincipal;
  actor: AuditActor;
  ip: string;
}

/**
 * A forgotten patrol (the phone left on for days) stops growing here: 24 hours at one point a second
 * is 86,400, and the display simplification stays quick below this.
 */
export const MAX_TRACK_POINTS = 100_000;

/** Another batch of the same patrol was stored while this one was measured: measure again. */
class TrackMoved extends Error {}

const MEASURE_ATTEMPTS = 4;

/**
 * Patrols (issue 15): a grid member starts one (one active at a time), the phone sends its GPS track in
 * batches, events reported on the way carry the patrol's id, and the member finishes it. The distance
 * grows batch by batch (haversine along the kept fixes; jumps faster than 200 km/h are GPS noise); a
 * batch sent again stores nothing twice (one point per second is the key).
 *
 * Who reads what: the lists and details need `grid:patrol` and follow the grid roles like events — a
 * grid manager sees the patrols of their grid's subtree, a grid member their own, an operator without a
 * grid role every patrol of their area. Patrolling needs `grid:report`, and so does `current` (the
 * caller's own active patrol, for a phone resuming after a restart): a member who holds only
 * `grid:report` patrols and resumes but does not browse the patrol records.
 */
export class PatrolsService {
  constructor(
    private readonly repository: PatrolsRepository,
    private readonly grids: PatrolGrids,
    private readonly tools: PatrolTools,
    private readonly nameOf: (operatorId: string) => Promise<string | undefined>,
    private readonly audit: AuditLog,
    private readonly now: Clock,
  ) {}

  async scopeOf(principal: OperatorPrincipal): Promise<PatrolScope> {
    const role = await this.grids.membership(principal.id);
    if (role === null) return { area: principal.scope };
    if (role.role === 'manager') return { area: principal.scope, gridPrefix: role.gridCode };
    return { area: principal.scope, memberId: principal.id };
  }

  // --- Reading ----------------------------------------------------------------------------------

  async toolList() {
    return (await this.tools.items()).map((t) => ({ value: t.value, label: t.label }));
  }

  private async present(rows: PatrolRecord[]): Promise<PatrolRow[]> {
    const now = this.now();
    const names = await this.grids.names(rows.flatMap((r) => (r.grid_code === null ? [] : [r.grid_code])));
    return Promise.all(
      rows.map(async (row) => {
        const status = row.status === 'finished' ? 'finished' : 'active';
        const started = Number(row.started_at);
        const ended = row.ended_at === null ? null : Number(row.ended_at);
        return {
          patrolId: String(row.id),
          operatorId: row.operator_id,
          operatorName: row.operator_name,
          gridCode: row.grid_code,
          gridName: row.grid_code === null ? null : (names.get(row.grid_code) ?? row.grid_code),
          areaCode: row.area_code,
          patrolTools: row.tool,
          toolName: (await this.tools.label(row.tool)) ?? row.tool,
          status,
          statusName: PATROL_STATUSES[status],
          startedAt: formatChinaDateTime(started),
          endedAt: ended === null ? null : formatChinaDateTime(ended),
          durationSeconds: Math.max(0, (ended ?? now) - started),
          distanceM: Math.round(Number(row.distance_m)),
          pointCount: Number(row.point_count),
          eventCount: row.event_count,
          note: row.note,
        };
      }),
    );
  }

  private async one(row: PatrolRecord): Promise<PatrolRow> {
    const [presented] = await this.present([row]);
    if (presented === undefined) throw notFound('巡查不存在');
    return presented;
  }

  async list(query: z.output<typeof patrolListQuery>, principal: OperatorPrincipal) {
    const from = query.startTime === undefined ? undefined : parseChinaDateTime(query.startTime);
    const to = query.endTime === undefined ? undefined : parseChinaDateTime(query.endTime);
    if (from !== undefined && to !== undefined && from > to)
      throw invalidField('startTime', '开始时间不能晚于结束时间');
    const page = pageOf(query, 20);
    const result = await this.repository.list(
      await this.scopeOf(principal),
      {
        keyword: query.keyword,
        gridPrefix: query.gridCode,
        tool: query.patrolTools,
        status: query.status,
        from,
        to,
      },
      page,
    );
    return pageAnswer(page, { list: await this.present(result.list), total: result.total });
  }

  async detail(id: number, principal: OperatorPrincipal): Promise<PatrolDetail> {
    const row = await this.repository.get(id, await this.scopeOf(principal));
    if (row === undefined) throw notFound('巡查不存在或不在您的管辖范围');
    const points = await this.repository.points(id);
    const track = simplifyTrack(points, MAX_DISPLAY_TRACK_POINTS).map((p): [number, number, number] => [
      Number(p.lon),
      Number(p.lat),
      Number(p.t) * 1000,
    ]);
    const events = (await this.repository.events(id)).map((e) => {
      const state = isEventState(e.state) ? e.state : 'reported';
      return {
        eventId: String(e.id),
        title: e.title,
        eventClassification: e.catalog,
        eventState: state,
        stateName: EVENT_STATES[state],
        address: e.address,
        longitude: Number(e.lon),
        latitude: Number(e.lat),
        reportedAt: formatChinaDateTime(Number(e.reported_at)),
      };
    });
    return {
      ...(await this.one(row)),
      track,
      trackSimplified: track.length < points.length,
      events,
    };
  }

  /** The caller's active patrol, with the time of its last stored point (where a resumed phone goes on from). */
  async current(principal: OperatorPrincipal) {
    const row = await this.repository.active(principal.id);
    if (row === undefined) return null;
    const last = await this.repository.lastPoint(Number(row.id));
    return { patrol: await this.one(row), lastPointAt: last === undefined ? null : Number(last.t) * 1000 };
  }

  // --- Patrolling -------------------------------------------------------------------------------

  async start(body: z.output<typeof patrolStartBody>, handler: PatrolHandler): Promise<PatrolRow> {
    const principal = handler.principal;
    const tools = await this.tools.items();
    if (!tools.some((t) => t.value === body.tool)) throw invalidField('tool', '巡查方式不存在或已停用');
    if ((await this.repository.active(principal.id)) !== undefined) throw this.alreadyActive();
    const role = await this.grids.membership(principal.id);
    const gridArea = role === null ? null : await this.grids.areaOf(role.gridCode);
    const name = (await this.nameOf(principal.id)) ?? principal.username;
    const now = this.now();
    let id: number;
    try {
      id = await this.repository.insert({
        operator_id: principal.id,
        operator_name: name.slice(0, 64),
        grid_code: gridArea === null ? null : (role?.gridCode ?? null),
        area_code: gridArea ?? principal.scope.areaCode,
        tool: body.tool,
        started_at: now,
        ended_at: null,
        status: 'active',
        distance_m: 0,
        point_count: 0,
        note: body.note,
      });
    } catch (err) {
      // Two starts at once: the partial unique index let one through.
      if ((await this.repository.active(principal.id)) !== undefined) throw this.alreadyActive();
      throw err;
    }
    await this.audit.record({
      actor: handler.actor,
      ip: handler.ip,
      action: 'patrol.start',
      target: { type: 'patrol', id: String(id), name },
      after: { tool: body.tool, gridCode: role?.gridCode ?? null, note: body.note },
    });
    const row = await this.repository.own(id, principal.id);
    if (row === undefined) throw notFound('巡查不存在');
    return this.one(row);
  }

  private alreadyActive() {
    return conflict('您有一次巡查尚未结束，请先结束后再开始新的巡查');
  }

  /**
   * A batch of GPS fixes from the patrolling phone. Fixes before the start or more than five minutes
   * ahead of the server are refused (counted, not stored), fixes at a second already stored are
   * duplicates, jumps faster than 200 km/h are noise; the rest are stored and the distance grows by
   * the length they add. A batch filling a gap (sent late, after later ones) re-measures the whole
   * track. Two batches measured at once: the second to commit finds the point count moved and measures
   * again, so the distance never counts a stretch twice.
   */
  async points(body: z.output<typeof patrolPointsBody>, principal: OperatorPrincipal) {
    const id = Number(body.patrolId);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.storePoints(id, body.points, principal);
      } catch (err) {
        if (!(err instanceof TrackMoved)) throw err;
        if (attempt >= MEASURE_ATTEMPTS) {
          throw new AppError(ErrorCode.CONFLICT, '轨迹正在写入，请稍后重试');
        }
      }
    }
  }

  private async storePoints(
    id: number,
    sent: z.output<typeof patrolPointsBody>['points'],
    principal: OperatorPrincipal,
  ) {
    const patrol = await this.repository.own(id, principal.id);
    if (patrol === undefined) throw notFound('巡查不存在（只能上传本人的巡查轨迹）');
    if (patrol.status !== 'active') throw conflict('巡查已结束，不能再上传轨迹');
    const seenCount = Number(patrol.point_count);
    const started = Number(patrol.started_at);
    const latest = this.now() + PATROL_FUTURE_TOLERANCE_SECONDS;
    const fixes = sent.map((p) => ({
      t: Math.floor(p.t / 1000),
      lon: p.lon,
      lat: p.lat,
      accuracy: p.accuracy ?? null,
      speed: p.speed ?? null,
    }));
    const timely = fixes.filter((f) => f.t >= started && f.t <= latest);
    const answer = (stored: number, duplicates: number, noise: number, distance: number, count: number) => ({
      patrolId: String(id),
      received: sent.length,
      stored,
      duplicates,
      refused: fixes.length - timely.length,
      noise,
      pointCount: count,
      distanceM: Math.round(distance),
    });
    if (timely.length === 0) return answer(0, 0, 0, Number(patrol.distance_m), seenCount);
    if (seenCount >= MAX_TRACK_POINTS) {
      throw conflict(`本次巡查轨迹点已达上限 ${MAX_TRACK_POINTS} 个，请结束巡查后重新开始`);
    }
    const times = timely.map((f) => f.t);
    const stored = await this.repository.timesBetween(id, Math.min(...times), Math.max(...times));
    const fresh = timely.filter((f) => !stored.has(f.t));
    const last = await this.repository.lastPoint(id);
    const lastT = last === undefined ? null : Number(last.t);
    // Fixes before the last stored one fill a gap: the whole track is measured again.
    const late = lastT !== null && fresh.some((f) => f.t < lastT);
    const known: TrackFix[] = late
      ? (await this.repository.points(id)).map((p) => ({ t: Number(p.t), lon: Number(p.lon), lat: Number(p.lat) }))
      : last === undefined
        ? []
        : [{ t: Number(last.t), lon: Number(last.lon), lat: Number(last.lat) }];
    const admitted = admitFixes(known, fresh);
    const accepted = admitted.accepted.slice(0, MAX_TRACK_POINTS - seenCount);
    const duplicates = timely.length - fresh.length + admitted.duplicates;
    if (accepted.length === 0) {
      return answer(0, duplicates, admitted.noise, Number(patrol.distance_m), seenCount);
    }
    // What the kept fixes add (cut at the cap: measured again over what is kept).
    const kept = accepted.length === admitted.accepted.length ? admitted : admitFixes(known, accepted);
    const distance = late ? kept.length : Number(patrol.distance_m) + kept.length;
    const count = await this.repository.transaction(async (trx) => {
      const inserted = await this.repository.appendPoints(
        trx,
        accepted.map((f) => ({ patrol_id: id, t: f.t, lon: f.lon, lat: f.lat, accuracy: f.accuracy, speed: f.speed })),
      );
      if (inserted !== accepted.length) throw new TrackMoved();
      const total = seenCount + inserted;
      if (!(await this.repository.updateTrack(trx, id, seenCount, { distance_m: distance, point_count: total }))) {
        throw new TrackMoved();
      }
      return total;
    });
    return answer(accepted.length, duplicates, admitted.noise, distance, count);
  }

  async finish(body: z.output<typeof patrolFinishBody>, handler: PatrolHandler): Promise<PatrolRow> {
    const principal = handler.principal;
    const id = Number(body.patrolId);
    const patrol = await this.repository.own(id, principal.id);
    if (patrol === undefined) throw notFound('巡查不存在（只能结束本人的巡查）');
    if (patrol.status !== 'active') throw conflict('巡查已结束');
    const now = this.now();
    const note = body.note ?? patrol.note;
    if (!(await this.repository.finish(id, principal.id, now, note))) throw conflict('巡查已结束');
    const after = await this.repository.own(id, principal.id);
    if (after === undefined) throw notFound('巡查不存在');
    await this.audit.record({
      actor: handler.actor,
      ip: handler.ip,
      action: 'patrol.finish',
      target: { type: 'patrol', id: String(id), name: patrol.operator_name },
      before: { status: 'active', note: patrol.note },
      after: {
        status: 'finished',
        note,
        distanceM: Math.round(Number(after.distance_m)),
        pointCount: Number(after.point_count),
        durationSeconds: now - Number(patrol.started_at),
      },
    });
    return this.one(after);
  }
}
