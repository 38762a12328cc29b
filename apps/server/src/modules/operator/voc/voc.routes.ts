import {
  vocCompositionResponse,
  vocConcentrationQuery,
  vocDiurnalQuery,
  vocDiurnalResponse,
  vocKeySpeciesQuery,
  vocKeySpeciesResponse,
  vocRatiosResponse,
  vocSensitivityResponse,
  vocSequenceQuery,
  vocSequenceResponse,
  vocSpeciesResponse,
  vocStationsQuery,
  vocStationsResponse,
} from '@lantian/contracts';
import { operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { VocService } from './voc.service';

const PREFIX = '/air/relation/bigdata';
const SCOPE = '限本人所辖区域的 VOC 站；辖区外或不是 VOC 站的 deviceCode 为 404。时间范围最多 31 天，只计有效小时值。';

/** Spec §7 `/air/relation/bigdata/*`: VOC and ozone analysis, all GETs, voc:view. */
export function vocRoutes(voc: VocService) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['voc'], access: 'operator:voc:view', signed: false });
    route.get(
      `${PREFIX}/stations`,
      {
        summary: 'VOC 站列表：辖区内上报 VOC 物种的设备（V01、A02），在线状态与登记的物种',
        description: '地区参数超出辖区为 403 AREA_OUT_OF_SCOPE。',
        query: vocStationsQuery,
        response: vocStationsResponse,
      },
      async (request) => ok(await voc.stations(request.query, operatorOf(request).scope)),
    );
    route.get(
      `${PREFIX}/species`,
      {
        summary: 'VOC 物种目录：编码、CAS、分子量、类别、MIR、k_OH，默认机动车示踪物种',
        response: vocSpeciesResponse,
      },
      async () => ok(voc.species()),
    );
    route.get(
      `${PREFIX}/sequence`,
      {
        summary: '物种浓度小时序列（unitType 默认 ug）与 factorType 口径合计',
        description: `${SCOPE}默认最近 24 小时。`,
        query: vocSequenceQuery,
        response: vocSequenceResponse,
      },
      async (request) => ok(await voc.sequence(request.query, operatorOf(request).scope)),
    );
    route.get(
      `${PREFIX}/composition`,
      {
        summary:
          '按类别的组成：烷烃、烯烃、炔烃、芳香烃、含氧 VOCs、卤代烃的平均浓度（unitType 默认 ppb）、OFP、L_OH 及占比',
        description: `${SCOPE}默认最近 24 小时。`,
        query: vocConcentrationQuery,
        response: vocCompositionResponse,
      },
      async (request) => ok(await voc.composition(request.query, operatorOf(request).scope)),
    );
    route.get(
      `${PREFIX}/keySpecies`,
      {
        summary: '关键物种：按平均浓度、臭氧生成潜势 OFP、OH 反应活性 L_OH 排名（默认前 10）',
        description: `${SCOPE}OFP = Σ[VOC]×MIR（Carter 2010），L_OH = Σk_OH×[VOC]（Atkinson & Arey 2003）。`,
        query: vocKeySpeciesQuery,
        response: vocKeySpeciesResponse,
      },
      async (request) => ok(await voc.keySpecies(request.query, operatorOf(request).scope)),
    );
    route.get(
      `${PREFIX}/diurnal`,
      {
        summary: '日变化：各钟点平均的 TVOC、机动车示踪物种（trafficIds）、O3、NOx 与所选物种',
        description: `${SCOPE}默认最近 7 天。`,
        query: vocDiurnalQuery,
        response: vocDiurnalResponse,
      },
      async (request) => ok(await voc.diurnal(request.query, operatorOf(request).scope)),
    );
    route.get(
      `${PREFIX}/ratios`,
      {
        summary: '特征比值：甲苯/苯（来源指示）、(间+对)二甲苯/乙苯（气团老化指示）',
        description: `${SCOPE}默认最近 24 小时；仅供参考。`,
        query: vocConcentrationQuery,
        response: vocRatiosResponse,
      },
      async (request) => ok(await voc.ratios(request.query, operatorOf(request).scope)),
    );
    route.get(
      `${PREFIX}/sensitivity`,
      {
        summary: 'O3–NOx 敏感性：O3、NOx、VOCs（ppbC）与 VOCs/NOx 比值，早间比值的控制区判断',
        description: `${SCOPE}默认最近 24 小时；阈值 4 与 15，仅为经验指示。`,
        query: vocConcentrationQuery,
        response: vocSensitivityResponse,
      },
      async (request) => ok(await voc.sensitivity(request.query, operatorOf(request).scope)),
    );
  };
}
