import { useCurrentCity } from '../../modules/city';
import { FollowButton } from '../../modules/follow/FollowButton';
import { Icon } from '../../shared/Icon';

/** The current city's name in the shell, with the follow star beside it (so pages need nothing for it). */
export function CityTitle() {
  const city = useCurrentCity();
  return (
    <div className="lt-city" aria-live="polite">
      <Icon name="environment" />
      <span className="lt-city-name" title={city?.name}>
        {city?.name ?? '定位中…'}
      </span>
      <FollowButton />
    </div>
  );
}
