export { hasWeatherIcon, weatherIconColor, weatherIconUrl } from './icons';
export { WeatherIcon, type WeatherIconProps } from './WeatherIcon';
export { WindArrow } from './WindArrow';
export {
  ARROW_PATH,
  downwindBearing,
  type Wind,
  type WindFields,
  windDirectionText,
  windForceText,
  windOf,
  windText,
} from './wind';
