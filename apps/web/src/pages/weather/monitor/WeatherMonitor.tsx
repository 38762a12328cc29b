import { RadarCard } from './RadarCard';
import { TyphoonCard } from './TyphoonCard';
import { WarningsCard } from './WarningsCard';
import './monitor.css';

/** 天气监测: warnings in force, the radar loop and typhoon tracks, loaded lazily below the page's own blocks. */
export default function WeatherMonitor() {
  return (
    <div className="lt-mon">
      <WarningsCard />
      <RadarCard />
      <TyphoonCard />
    </div>
  );
}
