import { CalendarCard } from './CalendarCard';
import { ForecastCard } from './ForecastCard';
import { RankCard } from './RankCard';
import { SitesCard } from './SitesCard';
import { TrendCard } from './TrendCard';

/** The city page below its headline: outlook, trends, ranking, calendar and stations (grid areas). */
export default function CityAirMore({ city }: { city: string }) {
  return (
    <>
      <div className="lt-cap-area-forecast">
        <ForecastCard city={city} />
      </div>
      <div className="lt-cap-area-trend">
        <TrendCard city={city} />
      </div>
      <div className="lt-cap-area-rank">
        <RankCard city={city} />
      </div>
      <div className="lt-cap-area-calendar">
        <CalendarCard city={city} />
      </div>
      <div className="lt-cap-area-sites">
        <SitesCard city={city} />
      </div>
    </>
  );
}
