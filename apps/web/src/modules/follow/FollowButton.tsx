import { Icon } from '../../shared/Icon';
import { toast } from '../../shared/toast';
import { useCurrentCity } from '../city';
import { loadFollowDataFor } from './data';
import { follow, getFollowed, MAX_FOLLOWED, unfollow, useFollowedCities } from './store';

/** The star beside the current city's name in the shell: follow or unfollow it (spec §1 "Followed cities"). */
export function FollowButton() {
  const city = useCurrentCity();
  const followed = useFollowedCities();
  if (city === undefined) return null;
  const isFollowed = followed.some((c) => c.stationCode === city.code);
  const label = isFollowed ? '取消关注' : '关注';

  const toggle = () => {
    if (isFollowed) {
      unfollow(city.code);
      toast('info', { content: `已取消关注${city.name}`, duration: 2, key: 'follow' });
      return;
    }
    if (!follow(city)) {
      toast('warning', { content: `最多关注 ${MAX_FOLLOWED} 个城市`, duration: 3, key: 'follow' });
      return;
    }
    const added = getFollowed().find((c) => c.stationCode === city.code);
    if (added !== undefined) loadFollowDataFor(added);
    toast('success', { content: `已关注${city.name}`, duration: 2, key: 'follow' });
  };

  return (
    <button
      type="button"
      className={isFollowed ? 'lt-follow lt-follow-on' : 'lt-follow'}
      aria-pressed={isFollowed}
      aria-label={label}
      title={isFollowed ? `取消关注${city.name}` : `关注${city.name}`}
      onClick={toggle}
    >
      <Icon name={isFollowed ? 'starFilled' : 'starOutlined'} />
      <span className="lt-follow-text">{label}</span>
    </button>
  );
}
