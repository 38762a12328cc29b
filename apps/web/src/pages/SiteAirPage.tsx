import { ComingSoon } from './ComingSoon';

export default function SiteAirPage() {
  return <ComingSoon title="站点空气质量" />;
}
