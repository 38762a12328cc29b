export { AqiBadge, DemoTag, LevelPill, StaleTag } from './AqiBadge';
export { AQI_SCALE, asLevel, levelColor, levelInk, levelName, levelText, levelTint, valueLevel } from './levels';
export {
  DISPLAY_POLLUTANTS,
  type DisplayPollutant,
  formatIndex,
  INDEX_LABEL,
  indexName,
  indexUnit,
  primaryLabel,
} from './pollutants';
export { ageText, chinaLabel, parseChinaTime } from './time';
