import { ComingSoon } from './ComingSoon';

export default function WeatherPage() {
  return <ComingSoon title="城市气象数据" />;
}
