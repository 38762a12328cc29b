import type { CSSProperties } from 'react';
import { weatherIconColor, weatherIconUrl } from './icons';

export interface WeatherIconProps {
  /** QWeather code (`icon` / `iconDay`), e.g. '100'; null shows the unknown icon. */
  code: string | null | undefined;
  /**
   * What the icon says, e.g. '晴': its accessible name. Leave it out when the text is shown beside the
   * icon: the icon is then decorative (hidden from screen readers).
   */
  text?: string | null;
  size?: number;
  /** Override the colour chosen from the code. */
  color?: string;
  className?: string;
}

/**
 * A QWeather weather icon, drawn as a CSS mask over its weather's colour (the SVGs are monochrome).
 * Its box has the final size from the first paint, so nothing moves when the SVG arrives.
 */
export function WeatherIcon({ code, text, size = 24, color, className }: WeatherIconProps) {
  const url = weatherIconUrl(code);
  const style: CSSProperties = {
    display: 'inline-block',
    flex: 'none',
    width: size,
    height: size,
    verticalAlign: 'middle',
    ...(url === undefined
      ? {}
      : {
          background: color ?? weatherIconColor(code),
          maskImage: `url("${url}")`,
          WebkitMaskImage: `url("${url}")`,
          maskSize: 'contain',
          WebkitMaskSize: 'contain',
          maskRepeat: 'no-repeat',
          WebkitMaskRepeat: 'no-repeat',
          maskPosition: 'center',
          WebkitMaskPosition: 'center',
        }),
  };
  if (text === undefined) return <span aria-hidden="true" className={className} style={style} />;
  const label = text ?? '未知天气';
  return <span role="img" aria-label={label} title={label} className={className} style={style} />;
}
