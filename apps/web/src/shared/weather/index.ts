export { hasWeatherIcon, weatherIconColor, weatherIconUrl } from './icons';
export { WeatherIcon, type WeatherIconProps } from './WeatherIcon';
export {
  ARROW_PATH,
  downwindBearing,
  type Wind,
  WindArrow,
  type WindFields,
  windDirectionText,
  windForceText,
  windOf,
  windText,
} from './wind';
