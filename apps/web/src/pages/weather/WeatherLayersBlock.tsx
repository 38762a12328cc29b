import { AntdScope } from '../../shared/antd/AntdScope';
import { WeatherLayers } from './WeatherLayers';

/** The weather layers in antd's locale, theme and App context, loaded lazily by the weather page. */
export default function WeatherLayersBlock({ cityCode }: { cityCode: string }) {
  return (
    <AntdScope>
      <WeatherLayers cityCode={cityCode} />
    </AntdScope>
  );
}
