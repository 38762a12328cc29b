export * from './advice';
export * from './aqi';
export * from './breakpoints';
export * from './conversion';
export * from './iaqi';
export * from './levels';
export * from './pollutants';
