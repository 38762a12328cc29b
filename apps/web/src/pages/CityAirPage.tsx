import { ComingSoon } from './ComingSoon';

export default function CityAirPage() {
  return <ComingSoon title="城市空气质量" />;
}
