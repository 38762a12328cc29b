/**
 * The Chinese radiosonde stations of the IGRA v2 station list (CHM000 + the WMO number) with the
 * area each stands in. Positions are the WMO station list's, rounded to 0.01°; an imported IGRA
 * file's header carries the ascent's own position, which then replaces them.
 */
export interface KnownStation {
  code: string;
  name: string;
  longitude: number;
  latitude: number;
  elevation: number;
  areaCode: string;
}

// biome-ignore format: one station per line
export const CHINESE_SOUNDING_STATIONS: readonly KnownStation[] = [
  { code: '54511', name: '北京', longitude: 116.47, latitude: 39.81, elevation: 32, areaCode: '110115' },
  { code: '54527', name: '天津', longitude: 117.07, latitude: 39.08, elevation: 3, areaCode: '120100' },
  { code: '53772', name: '太原', longitude: 112.55, latitude: 37.78, elevation: 779, areaCode: '140100' },
  { code: '53463', name: '呼和浩特', longitude: 111.68, latitude: 40.82, elevation: 1063, areaCode: '150100' },
  { code: '54342', name: '沈阳', longitude: 123.52, latitude: 41.73, elevation: 49, areaCode: '210100' },
  { code: '54161', name: '长春', longitude: 125.22, latitude: 43.9, elevation: 238, areaCode: '220100' },
  { code: '50953', name: '哈尔滨', longitude: 126.77, latitude: 45.75, elevation: 143, areaCode: '230100' },
  { code: '58362', name: '上海', longitude: 121.45, latitude: 31.4, elevation: 6, areaCode: '310113' },
  { code: '58238', name: '南京', longitude: 118.9, latitude: 31.93, elevation: 36, areaCode: '320100' },
  { code: '58457', name: '杭州', longitude: 120.17, latitude: 30.23, elevation: 43, areaCode: '330100' },
  { code: '58847', name: '福州', longitude: 119.28, latitude: 26.08, elevation: 85, areaCode: '350100' },
  { code: '54857', name: '青岛', longitude: 120.33, latitude: 36.07, elevation: 77, areaCode: '370200' },
  { code: '57083', name: '郑州', longitude: 113.65, latitude: 34.72, elevation: 111, areaCode: '410100' },
  { code: '57494', name: '武汉', longitude: 114.05, latitude: 30.6, elevation: 23, areaCode: '420100' },
  { code: '57679', name: '长沙', longitude: 112.78, latitude: 28.11, elevation: 119, areaCode: '430100' },
  { code: '59280', name: '清远', longitude: 113.07, latitude: 23.67, elevation: 79, areaCode: '441800' },
  { code: '59758', name: '海口', longitude: 110.35, latitude: 20.03, elevation: 64, areaCode: '460100' },
  { code: '57516', name: '重庆', longitude: 106.47, latitude: 29.58, elevation: 351, areaCode: '500106' },
  { code: '56294', name: '成都', longitude: 103.83, latitude: 30.7, elevation: 541, areaCode: '510100' },
  { code: '57816', name: '贵阳', longitude: 106.73, latitude: 26.58, elevation: 1224, areaCode: '520100' },
  { code: '56778', name: '昆明', longitude: 102.65, latitude: 25.0, elevation: 1892, areaCode: '530100' },
  { code: '55591', name: '拉萨', longitude: 91.13, latitude: 29.67, elevation: 3650, areaCode: '540100' },
  { code: '52889', name: '兰州', longitude: 103.88, latitude: 36.05, elevation: 1517, areaCode: '620100' },
  { code: '51463', name: '乌鲁木齐', longitude: 87.62, latitude: 43.78, elevation: 919, areaCode: '650100' },
];

export const igraIdOf = (code: string): string => (/^\d{5}$/.test(code) ? `CHM000${code}` : code);
