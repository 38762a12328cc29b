import { smoothstep } from '../random';
import { TAU } from './angles';

/**
 * Where an hour stands in the year. Every seasonal cycle of the model is phased from 15 January
 * (China time), the coldest time of the year in most of the country, so that a plain cosine of the
 * year fraction is already "winterness"; seasons that are not a cosine (the dust spring, district
 * heating, the rainy season) are bells or ramps over the day of that cycle.
 */

export const DAYS_PER_YEAR = 365.2425;

/** Years since 15 January 1970 (China time), fractional: the phase of every seasonal cycle. */
export function yearFraction(hour: number): number {
  return ((hour + 8) / 24 - 14) / DAYS_PER_YEAR;
}

/** Days since the latest 15 January, 0–365. */
export function dayOfSeason(hour: number): number {
  const days = ((hour + 8) / 24 - 14) % DAYS_PER_YEAR;
  return days < 0 ? days + DAYS_PER_YEAR : days;
}

/** 1 in mid-January, 0 in mid-July. */
export function winterness(hour: number): number {
  return 0.5 + 0.5 * Math.cos(TAU * yearFraction(hour));
}

/** Signed distance in days on the yearly circle. */
export function seasonDistance(day: number, centre: number): number {
  let distance = day - centre;
  if (distance > DAYS_PER_YEAR / 2) distance -= DAYS_PER_YEAR;
  if (distance < -DAYS_PER_YEAR / 2) distance += DAYS_PER_YEAR;
  return distance;
}

/** District heating runs from 15 November to 15 March in the north (day 304 … day 59 after 15 January). */
export function heatingSeason(day: number): number {
  return day < 182 ? 1 - smoothstep(56, 62, day) : smoothstep(301, 307, day);
}

/**
 * The season of one hour, as the hour's steps read it. One instance serves a whole series and is
 * overwritten hour by hour, so the hourly loop allocates nothing for it.
 */
export class Season {
  yearFraction = 0;
  dayOfSeason = 0;
  /** +1 in mid-January, −1 in mid-July: the cosine every winter-phased cycle is made of. */
  winterSwing = 0;
  /** 1 in mid-January, 0 in mid-July. */
  winter = 0;
  /** −1 in winter, +1 in summer, a few days behind the winter swing, as the temperature is. */
  summerSwing = 0;
  /** The spring dust season: a bell around early April, 0–1. */
  spring = 0;
  /** District heating: 1 while it runs, 0 outside. */
  heating = 0;

  update(hour: number): void {
    this.yearFraction = yearFraction(hour);
    this.dayOfSeason = dayOfSeason(hour);
    this.winterSwing = Math.cos(TAU * this.yearFraction);
    this.winter = 0.5 + 0.5 * this.winterSwing;
    this.summerSwing = -Math.cos(TAU * (this.yearFraction - 5 / DAYS_PER_YEAR));
    this.spring = Math.exp(-((seasonDistance(this.dayOfSeason, 85) / 35) ** 2));
    this.heating = heatingSeason(this.dayOfSeason);
  }
}
