import type { AqiLevel } from './levels';

export interface HealthAdvice {
  /** 对健康影响情况 */
  impact: string;
  /** 建议采取的措施 */
  advice: string;
}

/**
 * Health information per level (HJ 633-2012 table 2, "空气质量指数及相关信息"), worded exactly as the
 * national release publishes it in its `unheathful` and `measure` fields — verified against every row of
 * the shared 2018 hour. The release words a few phrases slightly differently from the printed standard
 * (e.g. 重度污染 "运动耐力降低"); users compare us with the release, so the release's words win.
 */
export const HEALTH_ADVICE: Readonly<Record<Exclude<AqiLevel, 0>, HealthAdvice>> = {
  1: { impact: '空气质量令人满意，基本无空气污染', advice: '各类人群可正常活动' },
  2: {
    impact: '空气质量可接受，但某些污染物可能对极少数异常敏感人群健康有较弱影响',
    advice: '极少数异常敏感人群应减少户外活动',
  },
  3: {
    impact: '易感人群症状有轻度加剧，健康人群出现刺激症状',
    advice: '儿童、老年人及心脏病、呼吸系统疾病患者应减少长时间、高强度的户外锻炼',
  },
  4: {
    impact: '进一步加剧易感人群症状，可能对健康人群心脏、呼吸系统有影响',
    advice: '儿童、老年人及心脏病、呼吸系统疾病患者应减少长时间、高强度的户外锻炼，一般人群适量减少户外活动',
  },
  5: {
    impact: '心脏病和肺病患者症状显著加剧，运动耐力降低，健康人群普遍出现症状',
    advice: '老年人及心脏病、肺病患者应停留在室内，停止户外活动，一般人群减少户外活动',
  },
  6: {
    impact: '健康人运动耐受力降低，有明显强烈症状，提前出现某些疾病',
    advice: '老年人和病人应当留在室内，避免体力消耗，一般人群应避免户外活动',
  },
};

/** The advice of a level; null for level 0 (unknown), which has none. */
export function healthAdvice(level: AqiLevel): HealthAdvice | null {
  return level === 0 ? null : HEALTH_ADVICE[level];
}
