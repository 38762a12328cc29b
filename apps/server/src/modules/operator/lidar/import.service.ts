import { ErrorCode } from '@lantian/contracts';
import { formatChinaDateTime } from '@lantian/domain';
import { AppError, notFound } from '../../../platform/errors';
import type { AuditLog } from '../audit';
import type { LidarEditor } from './hotspots.service';
import type { LidarIngest } from './ingest.service';
import type { LidarService } from './lidar.service';
import { LidarFileError, readLidarCsv } from './lidar-csv';

/** Real scans from files (LTLIDAR-CSV 1): read whole, checked, then stored in one transaction. */
export class LidarImport {
  constructor(
    private readonly lidar: LidarService,
    private readonly ingest: LidarIngest,
    private readonly audit: AuditLog,
  ) {}

  async importText(text: string, name: string, editor: LidarEditor) {
    let scan: ReturnType<typeof readLidarCsv>;
    try {
      scan = readLidarCsv(text);
    } catch (err) {
      if (err instanceof LidarFileError)
        throw new AppError(ErrorCode.VALIDATION, `文件 ${name} 有误，未导入：${err.message}`, {
          data: { line: err.line, reason: err.reason },
        });
      throw err;
    }
    const device = (await this.lidar.devicesOf(editor.scope, ['L01', 'Y01'])).find((d) => d.mn === scan.device);
    if (device === undefined) throw notFound(`未找到 MN 为 ${scan.device} 的激光雷达（或不在您的管辖范围内）`);
    const saved = await this.ingest.saveScan(device, { ...scan, source: 'import' });
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'lidar.import',
      target: { type: 'lidar_scan', id: String(saved.scanId), name },
      after: {
        device: scan.device,
        type: scan.kind,
        time: formatChinaDateTime(scan.t),
        azimuths: scan.azimuthCount,
        bins: scan.bins,
      },
    });
    return {
      deviceId: String(device.id),
      type: scan.kind,
      time: formatChinaDateTime(scan.t),
      scanId: String(saved.scanId),
      hotSpots: saved.hotSpots,
    };
  }
}
