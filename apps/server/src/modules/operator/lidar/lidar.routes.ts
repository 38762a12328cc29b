import {
  allDevicesQuery,
  autoDeviceItemResponse,
  autoRecordInfoResponse,
  autoRecordListResponse,
  autoRecordsResponse,
  autoReportQuery,
  autoReportResponse,
  catalogQuery,
  catalogResponse,
  createVideoBody,
  dataListQuery,
  dataListResponse,
  dataUnitResponse,
  datetimePathQuery,
  datetimePathResponse,
  deletedResponse,
  deviceHotInfoQuery,
  deviceHotInfoResponse,
  downloadQuery,
  fluxCombinesResponse,
  fluxDataQuery,
  fluxFactorsResponse,
  fluxSeriesResponse,
  fluxSiteDataQuery,
  fluxSiteDataResponse,
  fluxTypeResponse,
  gisOverviewResponse,
  hotListQuery,
  hotRecordQuery,
  hotspotChartQuery,
  hotspotChartResponse,
  hotspotDetailResponse,
  hotspotIdQuery,
  hotspotListQuery,
  hotspotListResponse,
  hotspotPhotoFields,
  hotspotReviewBody,
  hotsResponse,
  hsImageQuery,
  hsRangeQuery,
  idsBody,
  lidarDataQuery,
  lidarDeviceQuery,
  lidarDevicesResponse,
  lidarSiteDataQuery,
  lidarSiteDataResponse,
  lidarTreeResponse,
  multiSiteQuery,
  multiSiteResponse,
  newHsQuery,
  pageQuery,
  pictureUrlQuery,
  pictureUrlResponse,
  plotInfo2Query,
  plotInfo2Response,
  plotListQuery,
  polarValuesResponse,
  polluterIdQuery,
  polluterListQuery,
  polluterListResponse,
  polluterResponse,
  polluterSaveBody,
  preOrNextQuery,
  profileValuesResponse,
  recordCollectQuery,
  recordHistoryQuery,
  recordInfoQuery,
  recordPictureQuery,
  rectangleByDeviceid2Query,
  rectangleQuery,
  rectangleResponse,
  sautoidQuery,
  saveHotBody,
  scanListResponse,
  scanMetaResponse,
  siteDeviceInfoResponse,
  spreadShadowQuery,
  stereoNetworkResponse,
  timeSlotResponse,
  vfDataQuery,
  vfDataResponse,
  vfImageQuery,
  vocAnalysisQuery,
  vocAnalysisResponse,
} from '@lantian/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AreaScope } from '../../../platform/db/area-scope';
import { actorOf, openAppOf, operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, type RouteBuilder, routesOf } from '../../../platform/http/routes';
import { readPhotoForm } from '../../../platform/uploads/photo-form';
import { sendPhoto } from '../../../platform/uploads/photos';
import type { FluxService } from './flux.service';
import type { HotspotsService, LidarEditor } from './hotspots.service';
import { idsOf } from './hotspots.service';
import type { LidarService } from './lidar.service';
import type { LidarOverview } from './overview.service';
import type { RecordsService } from './records.service';

export interface LidarRouteDeps {
  lidar: LidarService;
  hotspots: HotspotsService;
  records: RecordsService;
  flux: FluxService;
  overview: LidarOverview;
}

const scopeOf = (request: FastifyRequest): AreaScope => operatorOf(request).scope;
const appScope = (request: FastifyRequest): AreaScope => ({ areaCode: openAppOf(request).areaCode });
export const editorOf = (request: FastifyRequest): LidarEditor => ({
  actor: actorOf(request),
  ip: request.ip,
  scope: operatorOf(request).scope,
});
const openEditorOf = (request: FastifyRequest): LidarEditor => ({
  actor: actorOf(request),
  ip: request.ip,
  scope: appScope(request),
});

const MULTIPART =
  'multipart/form-data：照片放在文件字段 photos（JPG、PNG、WebP，单张不超过 15 MB，最多 9 张），会去除全部元数据后重新编码；任何一张不合格则整张表单不保存。';

export function png(reply: FastifyReply, data: Buffer) {
  return reply.header('content-type', 'image/png').header('cache-control', 'private, max-age=300').send(data);
}

/** A GET answering a file (PNG, CSV, MP4): declared like any route, answered without the envelope. */
function file(route: RouteBuilder) {
  return route;
}

/**
 * Both audiences' scan calls: the public `GET /api/lidar/*` (spec §7 "Public data"), with the lidar
 * token header (`Authentication-Token` from `GET /api/open/lidar/getToken/auto`; the application's
 * area is the scope), and the same reads for operators under /lidar/.
 */
function scanRoutes(
  route: RouteBuilder,
  prefix: string,
  deps: LidarRouteDeps,
  scope: (r: FastifyRequest) => AreaScope,
) {
  const { lidar } = deps;
  route.get(
    `${prefix}getAllDevices`,
    { summary: '激光雷达设备列表（devicetype 默认 L01）', query: allDevicesQuery, response: lidarDevicesResponse },
    async (request) => ok(await lidar.allDevices(scope(request), request.query.devicetype)),
  );
  route.get(
    `${prefix}getSiteDeviceInfo`,
    {
      summary: '雷达站点与设备信息：位置、最新扫描、最新廓线、待审核热点',
      query: lidarDeviceQuery,
      response: siteDeviceInfoResponse,
    },
    async (request) => ok(await deps.overview.siteDeviceInfo(Number(request.query.deviceId), scope(request))),
  );
  route.get(
    `${prefix}getLidarSiteData`,
    {
      summary: '雷达站点数据：边界层高度、近地面 PM2.5/PM10、平均消光',
      query: lidarSiteDataQuery,
      response: lidarSiteDataResponse,
    },
    async (request) => ok(await deps.overview.siteData(request.query, scope(request))),
  );
  route.get(
    `${prefix}getLidarTreeData`,
    { summary: '雷达设备树：区域 → 站点 → 设备', response: lidarTreeResponse },
    async (request) => ok(await lidar.tree(scope(request))),
  );
  route.get(
    `${prefix}findNewHsData`,
    { summary: '最新一次水平扫描（HS）', query: newHsQuery, response: scanMetaResponse },
    async (request) => ok(await lidar.newest(Number(request.query.deviceId), scope(request))),
  );
  route.get(
    `${prefix}preOrNextHscan`,
    {
      summary: '上一次 / 下一次 / 该时刻的水平扫描（preOrNext 默认 now）',
      query: preOrNextQuery,
      response: scanMetaResponse,
    },
    async (request) =>
      ok(
        await lidar.preOrNext(
          Number(request.query.deviceId),
          scope(request),
          request.query.time,
          request.query.preOrNext,
        ),
      ),
  );
  route.get(
    `${prefix}getHsDataByDB`,
    { summary: '时段内的水平扫描（至多 7 天）', query: hsRangeQuery, response: scanListResponse },
    async (request) =>
      ok(
        await lidar.between(
          Number(request.query.deviceId),
          scope(request),
          request.query.startTime,
          request.query.endTime,
        ),
      ),
  );
  route.get(
    `${prefix}getLidarDataUnit`,
    { summary: '数据类型及单位、色标范围', response: dataUnitResponse },
    async () => ok(lidar.dataUnits()),
  );
  route.get(
    `${prefix}getLidarData`,
    { summary: '一次水平扫描的数值（方位 × 距离，可抽样）', query: lidarDataQuery, response: polarValuesResponse },
    async (request) => ok(await lidar.values(Number(request.query.deviceId), scope(request), request.query)),
  );
  route.get(
    `${prefix}getVOLidarValueJSON`,
    { summary: '垂直廓线数值（时间 × 高度）与边界层高度', query: vfImageQuery, response: profileValuesResponse },
    async (request) => ok(await lidar.profileValues(Number(request.query.deviceId), scope(request), request.query)),
  );
  route.get(
    `${prefix}getRectangle`,
    {
      summary: '扫描范围的经纬度矩形（地图叠加，radius 默认 6000 米）',
      query: rectangleQuery,
      response: rectangleResponse,
    },
    async (request) =>
      ok(lidar.rectangle(await lidar.device(Number(request.query.deviceId), scope(request)), request.query.radius)),
  );
  route.get(
    `${prefix}findPlotList`,
    { summary: '污染源地块列表', query: plotListQuery, response: polluterListResponse },
    async (request) =>
      ok(
        await deps.hotspots.polluters(
          {
            ...(request.query.deviceId === undefined ? {} : { deviceId: Number(request.query.deviceId) }),
            ...(request.query.plotType === undefined ? {} : { plotType: request.query.plotType }),
          },
          scope(request),
        ),
      ),
  );
  route.get(
    `${prefix}findPlotById`,
    { summary: '污染源地块详情', query: polluterIdQuery, response: polluterResponse },
    async (request) => ok(await deps.hotspots.polluter(Number(request.query.id), scope(request))),
  );
  file(route).get(
    `${prefix}getLidarHSImage`,
    {
      summary: '水平扫描图（PNG，含色标与图例）',
      description: '不填 time 为最新一次；数据类型见 getLidarDataUnit。',
      query: hsImageQuery,
    },
    async (request, reply) =>
      png(
        reply,
        await lidar.hsImage(Number(request.query.deviceId), scope(request), request.query.time, request.query.dataType),
      ),
  );
  file(route).get(
    `${prefix}getLidarVFImage`,
    {
      summary: '垂直廓线时间—高度图（PNG，含边界层高度与图例）',
      description: '默认最近 24 小时，至多 7 天。',
      query: vfImageQuery,
    },
    async (request, reply) =>
      png(reply, await lidar.vfImage(Number(request.query.deviceId), scope(request), request.query)),
  );
}

export function publicLidarRoutes(deps: LidarRouteDeps) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['lidar-public'], access: 'openApi:lidar', signed: false });
    scanRoutes(route, '/api/lidar/', deps, appScope);
    const { records, hotspots } = deps;
    const open = routesOf(app, { tags: ['lidar-public'], access: 'openApi:lidar', signed: false });
    open.get(
      '/api/open/auto/deviceRecord/v01DataByDate',
      {
        summary: '开放接口：某日的走航记录与轨迹数据',
        query: z.object({
          date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为 YYYY-MM-DD'),
          apiType: z.string().max(64).optional(),
        }),
        response: envelopeOfInfos,
      },
      async (request) => ok(await records.byDate(request.query.date, appScope(request))),
    );
    open.get(
      '/api/open/auto/recordInfo/history',
      {
        summary: '开放接口：时段内的走航记录（至多 31 天）',
        query: z.object({ startDatetime: z.string(), endDatetime: z.string(), apiType: z.string().max(64).optional() }),
        response: autoRecordsResponse,
      },
      async (request) =>
        ok(await records.openHistory(request.query.startDatetime, request.query.endDatetime, appScope(request))),
    );
    open.post(
      '/api/open/auto/saveAutoHot',
      {
        summary: '开放接口：保存走航热点（含照片）',
        description: MULTIPART,
        consumes: ['multipart/form-data'],
        response: hotspotDetailResponse,
      },
      async (request) => {
        const form = await readPhotoForm(request, saveHotBody);
        return ok(await hotspots.saveAutoHot(form.fields, form.photos, openEditorOf(request)), '已保存');
      },
    );
  };
}

const envelopeOfInfos = autoRecordInfoResponse.extend({ data: z.array(autoRecordInfoResponse.shape.data) });

export function lidarRoutes(deps: LidarRouteDeps) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['lidar'], access: 'operator:lidar:view', signed: false });
    const review = 'operator:lidar:review' as const;
    const edit = 'operator:lidar:edit' as const;
    const { lidar, hotspots, records, flux, overview } = deps;
    scanRoutes(route, '/lidar/', deps, scopeOf);

    route.get(
      '/lidar/timeSlot',
      {
        summary: '历史存储时段（isSplit、splitDetail；默认 20170601000000–20501001000000 → resourcenew）',
        response: timeSlotResponse,
      },
      async () => ok(lidar.timeSlots()),
    );
    route.get(
      '/lidar/getRectangleByDeviceid2',
      {
        summary: '扫描范围矩形（deviceid，radius 默认 6000 米）',
        query: rectangleByDeviceid2Query,
        response: rectangleResponse,
      },
      async (request) =>
        ok(lidar.rectangle(await lidar.device(Number(request.query.deviceid), scopeOf(request)), request.query.radius)),
    );
    route.get(
      '/lidar/getLidarValueJSON',
      { summary: '水平扫描数值（方位 × 距离）', query: lidarDataQuery, response: polarValuesResponse },
      async (request) => ok(await lidar.values(Number(request.query.deviceId), scopeOf(request), request.query)),
    );
    route.get('/lidar/fixed', { summary: '固定式激光雷达（L01）', response: lidarDevicesResponse }, async (request) =>
      ok(await lidar.allDevices(scopeOf(request), 'L01')),
    );
    route.get('/lidar/auto', { summary: '车载走航激光雷达（L02）', response: lidarDevicesResponse }, async (request) =>
      ok(await lidar.allDevices(scopeOf(request), 'L02')),
    );
    route.get(
      '/lidar/downloadData',
      {
        summary: '下载扫描数据（LTLIDAR-CSV 格式，可再导入）',
        description: 'type 为 HS（默认）、IF 或 VF（time 前 24 小时的廓线）。格式见 docs/LIDAR.md。',
        query: downloadQuery,
      },
      async (request, reply) => {
        const out = await lidar.download(
          Number(request.query.deviceId),
          scopeOf(request),
          request.query.type,
          request.query.time,
        );
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${out.name}"`)
          .send(out.text);
      },
    );
    route.get(
      '/lidar/vfData',
      { summary: '垂直廓线在各高度上的时间序列（heights 为米）', query: vfDataQuery, response: vfDataResponse },
      async (request) => ok(await flux.vfData(request.query, scopeOf(request))),
    );
    route.get(
      '/lidar/vocAnalysis',
      {
        summary: '雷达站点与周边 VOC 监测的对比（小时均值与相关系数）',
        query: vocAnalysisQuery,
        response: vocAnalysisResponse,
      },
      async (request) => ok(await flux.vocAnalysis(request.query, scopeOf(request))),
    );
    route.get(
      '/lidar/parkMonitor/getMultiSiteMultiFactor',
      {
        summary: '多站点多因子时间序列（近地面 PM2.5、PM10、消光、边界层高度）',
        query: multiSiteQuery,
        response: multiSiteResponse,
      },
      async (request) => ok(await flux.multiSite(request.query, scopeOf(request))),
    );
    route.get(
      '/lidar/flux/sites',
      { summary: '通量站点（固定式雷达）', response: lidarDevicesResponse },
      async (request) => ok(await flux.sites(scopeOf(request))),
    );
    route.get('/lidar/flux/factors', { summary: '通量因子', response: fluxFactorsResponse }, async () =>
      ok(flux.factors()),
    );
    route.get(
      '/lidar/flux/combines',
      { summary: '站点组合（两站连线构成的输送断面）', response: fluxCombinesResponse },
      async (request) => ok(await flux.combines(scopeOf(request))),
    );
    route.get(
      '/lidar/flux/factorData',
      {
        summary: '一个站点（deviceId，mg/(m·s)）或一个断面（combineId，g/s）的通量时间序列',
        description: '浓度廓线 × 风速垂直于断面的分量，按高度积分至 top。',
        query: fluxDataQuery,
        response: fluxSeriesResponse,
      },
      async (request) => ok(await flux.factorData(request.query, scopeOf(request))),
    );
    route.get(
      '/lidar/flux/siteData',
      { summary: '全部站点的垂直通量（mg/(m·s)）', query: fluxSiteDataQuery, response: fluxSiteDataResponse },
      async (request) => ok(await flux.siteData(request.query, scopeOf(request))),
    );
    route.get('/lidar/fluxType', { summary: '通量类型', response: fluxTypeResponse }, async () => ok(flux.types()));
    route.get(
      '/lidar/windDevices',
      {
        summary: '风速风向来源（气象站、雷达同址传感器）',
        response: z.object({
          code: z.literal(0),
          msg: z.string(),
          data: z.array(
            z.object({
              deviceId: z.string(),
              name: z.string(),
              type: z.string(),
              lon: z.number(),
              lat: z.number(),
              source: z.string(),
            }),
          ),
        }),
      },
      async (request) => ok(await flux.windDevices(scopeOf(request))),
    );

    route.get(
      '/onlineMonitor/stereoscopicNetworking/getNetworkData',
      { summary: '立体组网：雷达站点数据与辖区内其他监测设备', response: stereoNetworkResponse },
      async (request) => ok(await overview.stereo(scopeOf(request))),
    );
    route.get(
      '/onlineMonitor/stereoscopicNetworking/getSiteData',
      {
        summary: '立体组网：各雷达站点的边界层高度与近地面浓度',
        query: lidarSiteDataQuery,
        response: lidarSiteDataResponse,
      },
      async (request) => ok(await overview.siteData(request.query, scopeOf(request))),
    );
    route.get(
      '/overview/homeGISOverview2',
      { summary: '首页地图总览：雷达设备、近 24 小时热点、能见度预警、计数', response: gisOverviewResponse },
      async (request) => ok(await overview.gis(scopeOf(request))),
    );
    route.post(
      '/overview/createLidarVideo',
      {
        summary: '扫描序列视频（MP4，H.264）',
        description: '时段内的水平扫描图依次成帧（至多 96 帧，时段至多 2 天）。',
        body: createVideoBody,
      },
      async (request, reply) => {
        const mp4 = await lidar.video(Number(request.body.deviceId), scopeOf(request), request.body);
        return reply
          .header('content-type', 'video/mp4')
          .header('content-disposition', 'attachment; filename="lidar.mp4"')
          .send(mp4);
      },
    );
    route.get(
      '/scan/takePictureUrl',
      { summary: '扫描图地址（按历史存储时段改写）', query: pictureUrlQuery, response: pictureUrlResponse },
      async (request) => ok(await overview.pictureUrl(request.query, scopeOf(request))),
    );
    route.get(
      '/scan/takeRecordPictureUrl',
      { summary: '走航记录剖面图地址', query: recordPictureQuery, response: pictureUrlResponse },
      async (request) => {
        const record = await records.get(Number(request.query.recordid), scopeOf(request));
        return ok({ url: `/scan/recordCurtain?recordid=${record.id}&factorid=${request.query.factorid}`, time: null });
      },
    );
    route.get(
      '/scan/recordCurtain',
      {
        summary: '走航记录剖面图（PNG：时间 × 高度）',
        query: recordPictureQuery.extend({ upTo: z.coerce.number().int().min(0).max(100_000).optional() }),
      },
      async (request, reply) =>
        png(
          reply,
          await records.curtain(
            Number(request.query.recordid),
            scopeOf(request),
            request.query.factorid,
            request.query.upTo,
          ),
        ),
    );
    route.get(
      '/servlet/LidarSpreadShadowServlet',
      { summary: '扫描叠加图（透明 PNG，正北朝上，范围为 getRectangle）', query: spreadShadowQuery },
      async (request, reply) =>
        png(
          reply,
          await lidar.overlay(
            Number(request.query.deviceId),
            scopeOf(request),
            request.query.time,
            request.query.dataType,
            request.query.radius,
          ),
        ),
    );

    // --- Hot spots ---
    route.get(
      '/hotspot/list',
      {
        summary: '热点列表（startTime、endTime 必填，siteIds 逗号分隔）',
        query: hotspotListQuery,
        response: hotspotListResponse,
      },
      async (request) => ok(await hotspots.list(request.query, scopeOf(request))),
    );
    route.get(
      '/hotspot/chart',
      { summary: '每日热点数（按审核状态）', query: hotspotChartQuery, response: hotspotChartResponse },
      async (request) => ok(await hotspots.chart(request.query, scopeOf(request))),
    );
    route.get(
      '/hotspot/detail',
      { summary: '热点详情：位置、出现次数、照片、所在扫描图', query: hotspotIdQuery, response: hotspotDetailResponse },
      async (request) => ok(await hotspots.detail(Number(request.query.id), scopeOf(request))),
    );
    route.post(
      '/hotspot/review',
      {
        summary: '审核热点：确认或排除，填写地块信息',
        access: review,
        body: hotspotReviewBody,
        response: hotspotDetailResponse,
      },
      async (request) => ok(await hotspots.review(request.body, editorOf(request)), '已审核'),
    );
    route.post(
      '/hotspot/photos',
      {
        summary: '上传热点现场照片',
        description: `${MULTIPART} 字段：id。`,
        access: review,
        consumes: ['multipart/form-data'],
        response: hotspotDetailResponse,
      },
      async (request) => {
        const form = await readPhotoForm(request, hotspotPhotoFields);
        return ok(await hotspots.addPhotos(Number(form.fields.id), form.photos, editorOf(request)), '照片已上传');
      },
    );
    app.get(
      '/hotspot/photo',
      {
        config: { access: 'operator:lidar:view', signed: false, writes: false },
        schema: {
          tags: ['lidar'],
          summary: '热点照片（image/jpeg，已去除元数据）',
          querystring: z.object({ photoId: z.string().regex(/^[1-9]\d{0,9}$/, '不是有效的编号') }),
        },
      },
      async (request, reply) => {
        return sendPhoto(reply, await hotspots.photo(Number(request.query.photoId), scopeOf(request)));
      },
    );
    route.get(
      '/plothot/getDeviceHotInfo',
      { summary: '设备的热点（默认最近 7 天）', query: deviceHotInfoQuery, response: deviceHotInfoResponse },
      async (request) =>
        ok(
          await hotspots.deviceHotInfo(
            Number(request.query.deviceId),
            scopeOf(request),
            request.query.startTime,
            request.query.endTime,
          ),
        ),
    );

    // --- Polluter plots ---
    route.get(
      '/polplot/findPlotInfo2',
      {
        summary: '污染源地块及其附近 300 米内近 30 天的热点数（可按设备与半径）',
        query: plotInfo2Query,
        response: plotInfo2Response,
      },
      async (request) => ok(await hotspots.plotInfo2(request.query, scopeOf(request))),
    );
    route.get(
      '/polplot/list',
      { summary: '污染源地块列表', query: plotListQuery, response: polluterListResponse },
      async (request) =>
        ok(
          await hotspots.polluters(
            {
              ...(request.query.deviceId === undefined ? {} : { deviceId: Number(request.query.deviceId) }),
              ...(request.query.plotType === undefined ? {} : { plotType: request.query.plotType }),
            },
            scopeOf(request),
          ),
        ),
    );
    route.post(
      '/polplot/save',
      { summary: '新增或修改污染源地块', access: edit, body: polluterSaveBody, response: polluterResponse },
      async (request) => ok(await hotspots.savePolluter(request.body, editorOf(request)), '已保存'),
    );
    route.post(
      '/polplot/delete',
      {
        summary: '删除污染源地块',
        access: edit,
        body: z.object({ id: polluterIdQuery.shape.id }),
        response: deletedResponse,
      },
      async (request) => ok(await hotspots.deletePolluter(Number(request.body.id), editorOf(request)), '已删除'),
    );

    // --- Mobile records ---
    route.get(
      '/lidar/auto/deviceRecord/v01Catalog',
      { summary: '走航记录目录（按日期，近 90 天）', query: catalogQuery, response: catalogResponse },
      async (request) => ok(await records.catalog(request.query.sautoid, scopeOf(request))),
    );
    route.get(
      '/lidar/auto/deviceRecord/datetimepathList',
      {
        summary: '走航剖面图的时间与地址（imageListNums 张）',
        query: datetimePathQuery,
        response: datetimePathResponse,
      },
      async (request) => ok(await records.datetimePaths(request.query, scopeOf(request))),
    );
    route.get(
      '/lidar/auto/deviceRecord/dataList',
      { summary: '走航数据点与廓线（dataListNums 个）', query: dataListQuery, response: dataListResponse },
      async (request) => ok(await records.dataList(request.query, scopeOf(request))),
    );
    route.get('/lidar/auto/allItem', { summary: '全部车载雷达', response: lidarDevicesResponse }, async (request) =>
      ok(await lidar.allDevices(scopeOf(request), 'L02')),
    );
    route.get(
      '/lidar/auto/record/last',
      {
        summary: '车载雷达最近一次走航',
        query: sautoidQuery,
        response: z.object({ code: z.literal(0), msg: z.string(), data: autoRecordInfoResponse.shape.data.nullable() }),
      },
      async (request) => ok(await records.last(Number(request.query.sautoid), scopeOf(request))),
    );
    route.get(
      '/lidar/auto/record/collect',
      {
        summary: '收藏或取消收藏走航记录（isCollect）',
        access: review,
        writes: true,
        query: recordCollectQuery,
        response: autoRecordsResponse.extend({ data: autoRecordsResponse.shape.data.element }),
      },
      async (request) =>
        ok(
          await records.collect(
            Number(request.query.id),
            request.query.isCollect === '1' || request.query.isCollect === 'true',
            editorOf(request),
          ),
          '已更新',
        ),
    );
    route.get(
      '/lidar/auto/record/history',
      {
        summary: '走航历史（historyDateRange 重复两次为起止日期）',
        query: recordHistoryQuery,
        response: autoRecordsResponse,
      },
      async (request) => ok(await records.history(request.query, scopeOf(request))),
    );
    route.get(
      '/lidar/auto/info',
      { summary: '走航记录详情与轨迹', query: recordInfoQuery, response: autoRecordInfoResponse },
      async (request) => ok(await records.info(Number(request.query.id), scopeOf(request))),
    );
    route.get(
      '/lidarRecords/list',
      {
        summary: '走航记录（分页）',
        query: pageQuery.extend({
          sautoid: sautoidQuery.shape.sautoid.optional(),
          startTime: z.string().optional(),
          endTime: z.string().optional(),
        }),
        response: autoRecordListResponse,
      },
      async (request) => ok(await records.paged(request.query, scopeOf(request))),
    );
    route.get(
      '/lidarRecords/detail',
      { summary: '走航记录详情', query: recordInfoQuery, response: autoRecordInfoResponse },
      async (request) => ok(await records.info(Number(request.query.id), scopeOf(request))),
    );

    // --- Vehicle hot spots and polluters ---
    route.get(
      '/lidar/netAutoHotInfo/getAutoDeviceItemList',
      { summary: '车载雷达及其走航次数', response: autoDeviceItemResponse },
      async (request) => ok(await overview.autoDevices(scopeOf(request))),
    );
    route.get(
      '/lidar/netAutoHotInfo/getHotRecord',
      { summary: '车载雷达时段内的走航热点', query: hotRecordQuery, response: hotsResponse },
      async (request) => ok(await hotspots.hotRecord(request.query, scopeOf(request))),
    );
    route.get(
      '/lidar/netAutoHotInfo/getHotList',
      {
        summary: '走航热点（recordDate，或 startDate/endDate，或 recordid）',
        query: hotListQuery,
        response: hotsResponse,
      },
      async (request) => ok(await hotspots.hotList(request.query, scopeOf(request))),
    );
    route.get(
      '/lidar/netAutoHotInfo/getAutoReport',
      { summary: '走航日报（reporttime 日期）', query: autoReportQuery, response: autoReportResponse },
      async (request) => ok(await hotspots.autoReport(request.query.reporttime, scopeOf(request))),
    );
    route.post(
      '/lidar/netAutoHotInfo/save',
      {
        summary: '保存走航热点（含照片）',
        description: MULTIPART,
        access: review,
        consumes: ['multipart/form-data'],
        response: hotspotDetailResponse,
      },
      async (request) => {
        const form = await readPhotoForm(request, saveHotBody);
        return ok(await hotspots.saveAutoHot(form.fields, form.photos, editorOf(request)), '已保存');
      },
    );
    route.post(
      '/lidar/netAutoHotInfo/saveHot',
      { summary: '保存走航热点（JSON，无照片）', access: review, body: saveHotBody, response: hotspotDetailResponse },
      async (request) => ok(await hotspots.saveAutoHot(request.body, [], editorOf(request)), '已保存'),
    );
    route.post(
      '/lidar/netAutoHotInfo/delete',
      { summary: '删除走航热点（ids）', access: review, body: idsBody, response: deletedResponse },
      async (request) => ok(await hotspots.deleteHots(idsOf(request.body.ids), editorOf(request)), '已删除'),
    );
    route.post(
      '/lidar/netAutoHotInfo/deleteRecords',
      { summary: '删除走航记录（ids）', access: review, body: idsBody, response: deletedResponse },
      async (request) => ok(await hotspots.deleteRecords(idsOf(request.body.ids), editorOf(request)), '已删除'),
    );
    route.get(
      '/lidar/netAutoPolluter/list',
      { summary: '走航发现的污染源（recordid、sautoid）', query: polluterListQuery, response: polluterListResponse },
      async (request) =>
        ok(
          await hotspots.polluters(
            {
              ...(request.query.recordid === undefined ? {} : { recordId: Number(request.query.recordid) }),
              ...(request.query.sautoid === undefined ? {} : { sautoId: Number(request.query.sautoid) }),
            },
            scopeOf(request),
          ),
        ),
    );
    route.get(
      '/lidar/netAutoPolluter/delete',
      { summary: '删除污染源（id）', access: review, writes: true, query: polluterIdQuery, response: deletedResponse },
      async (request) => ok(await hotspots.deletePolluter(Number(request.query.id), editorOf(request)), '已删除'),
    );
    route.post(
      '/lidar/netAutoPolluter/save',
      { summary: '保存走航发现的污染源', access: review, body: polluterSaveBody, response: polluterResponse },
      async (request) => ok(await hotspots.savePolluter(request.body, editorOf(request)), '已保存'),
    );
  };
}
