/**
 * The airports whose METAR reports the importer places on the map: ICAO code, name and reference
 * point (lon, lat, rounded to 0.01°). A report from a station not listed here is counted and skipped
 * (the import summary names it): a point without a position cannot be drawn.
 */
export interface MetarStation {
  icao: string;
  name: string;
  lon: number;
  lat: number;
}

export const METAR_STATIONS: readonly MetarStation[] = [
  { icao: 'ZBAA', name: '北京首都国际机场', lon: 116.6, lat: 40.07 },
  { icao: 'ZBTJ', name: '天津滨海国际机场', lon: 117.35, lat: 39.12 },
  { icao: 'ZBSJ', name: '石家庄正定国际机场', lon: 114.7, lat: 38.28 },
  { icao: 'ZBYN', name: '太原武宿国际机场', lon: 112.63, lat: 37.75 },
  { icao: 'ZBHH', name: '呼和浩特白塔国际机场', lon: 111.82, lat: 40.85 },
  { icao: 'ZYTX', name: '沈阳桃仙国际机场', lon: 123.48, lat: 41.64 },
  { icao: 'ZYTL', name: '大连周水子国际机场', lon: 121.54, lat: 38.97 },
  { icao: 'ZYCC', name: '长春龙嘉国际机场', lon: 125.69, lat: 43.99 },
  { icao: 'ZYHB', name: '哈尔滨太平国际机场', lon: 126.25, lat: 45.62 },
  { icao: 'ZSSS', name: '上海虹桥国际机场', lon: 121.34, lat: 31.2 },
  { icao: 'ZSPD', name: '上海浦东国际机场', lon: 121.81, lat: 31.14 },
  { icao: 'ZSNJ', name: '南京禄口国际机场', lon: 118.86, lat: 31.74 },
  { icao: 'ZSOF', name: '合肥新桥国际机场', lon: 116.98, lat: 31.99 },
  { icao: 'ZSHC', name: '杭州萧山国际机场', lon: 120.43, lat: 30.23 },
  { icao: 'ZSNB', name: '宁波栎社国际机场', lon: 121.46, lat: 29.83 },
  { icao: 'ZSFZ', name: '福州长乐国际机场', lon: 119.66, lat: 25.93 },
  { icao: 'ZSAM', name: '厦门高崎国际机场', lon: 118.13, lat: 24.54 },
  { icao: 'ZSQD', name: '青岛流亭国际机场', lon: 120.37, lat: 36.27 },
  { icao: 'ZHHH', name: '武汉天河国际机场', lon: 114.21, lat: 30.78 },
  { icao: 'ZHCC', name: '郑州新郑国际机场', lon: 113.84, lat: 34.52 },
  { icao: 'ZGHA', name: '长沙黄花国际机场', lon: 113.22, lat: 28.19 },
  { icao: 'ZGGG', name: '广州白云国际机场', lon: 113.3, lat: 23.39 },
  { icao: 'ZGOW', name: '汕头外砂机场', lon: 116.76, lat: 23.43 },
  { icao: 'ZGSZ', name: '深圳宝安国际机场', lon: 113.81, lat: 22.64 },
  { icao: 'ZGNN', name: '南宁吴圩国际机场', lon: 108.17, lat: 22.61 },
  { icao: 'ZGKL', name: '桂林两江国际机场', lon: 110.04, lat: 25.22 },
  { icao: 'ZJHK', name: '海口美兰国际机场', lon: 110.46, lat: 19.93 },
  { icao: 'ZJSY', name: '三亚凤凰国际机场', lon: 109.41, lat: 18.3 },
  { icao: 'ZUCK', name: '重庆江北国际机场', lon: 106.64, lat: 29.72 },
  { icao: 'ZUUU', name: '成都双流国际机场', lon: 103.95, lat: 30.58 },
  { icao: 'ZPPP', name: '昆明长水国际机场', lon: 102.93, lat: 25.1 },
  { icao: 'ZLXY', name: '西安咸阳国际机场', lon: 108.75, lat: 34.45 },
  { icao: 'ZLLL', name: '兰州中川国际机场', lon: 103.62, lat: 36.52 },
  { icao: 'ZWWW', name: '乌鲁木齐地窝堡国际机场', lon: 87.47, lat: 43.91 },
  { icao: 'ZWSH', name: '喀什机场', lon: 76.02, lat: 39.54 },
  { icao: 'VHHH', name: '香港国际机场', lon: 113.92, lat: 22.31 },
  { icao: 'VMMC', name: '澳门国际机场', lon: 113.59, lat: 22.15 },
  { icao: 'ZUGY', name: '贵阳龙洞堡国际机场', lon: 106.8, lat: 26.54 },
  { icao: 'RCSS', name: '台北松山机场', lon: 121.55, lat: 25.07 },
  { icao: 'RCKH', name: '高雄国际机场', lon: 120.35, lat: 22.58 },
  { icao: 'RCTP', name: '台湾桃园国际机场', lon: 121.23, lat: 25.08 },
];

export const METAR_STATION_BY_ICAO: ReadonlyMap<string, MetarStation> = new Map(METAR_STATIONS.map((s) => [s.icao, s]));
