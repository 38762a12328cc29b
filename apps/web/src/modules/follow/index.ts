export { FollowButton } from './FollowButton';
export { FollowCards } from './FollowCards';
export { formatCardTime, truncateFollowName } from './format';
export { FOLLOW_KEY, type FollowedCity, follow, isFollowed, unfollow, useFollowedCities } from './store';
