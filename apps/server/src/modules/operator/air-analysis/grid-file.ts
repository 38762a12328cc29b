import type { InterpolationGrid } from '@lantian/contracts';

/** ESRI ASCII Grid's no-data marker, as GDAL and QGIS read it by default. */
const NODATA = -9999;

/**
 * The grid as an ESRI ASCII Grid (.asc): six header lines, then the rows from north to south, which is
 * how the interpolation answer already orders them. Opens in QGIS, ArcGIS and GDAL as it is.
 */
export function toAsciiGrid(grid: InterpolationGrid): string {
  const header = [
    `ncols ${grid.ncols}`,
    `nrows ${grid.nrows}`,
    `xllcorner ${grid.xllcorner}`,
    `yllcorner ${grid.yllcorner}`,
    `cellsize ${grid.cellsize}`,
    `NODATA_value ${NODATA}`,
  ];
  const rows = grid.values.map((row) => row.map((v) => (v === null ? NODATA : v)).join(' '));
  return `${[...header, ...rows].join('\n')}\n`;
}
