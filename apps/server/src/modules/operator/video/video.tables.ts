/**
 * The video configuration of C01 devices (the device core owns the devices). A camera's row holds its
 * ONVIF control endpoint; a channel's row its RTSP address. Addresses carry credentials, so RTSP URLs
 * and the ONVIF password are stored sealed (secrets.ts) and never answered. `area_code` is the device's,
 * copied so that every read is scoped on an indexed column of these tables.
 */
export interface VideoCamerasTable {
  device_id: number;
  area_code: string;
  onvif_url: string | null;
  onvif_user: string | null;
  onvif_password_sealed: string | null;
  updated_at: number;
}

export interface VideoChannelsTable {
  device_id: number;
  channel_id: number;
  area_code: string;
  name: string;
  ptz: number;
  rtsp_sealed: string;
}

export interface VideoTables {
  video_cameras: VideoCamerasTable;
  video_channels: VideoChannelsTable;
}
