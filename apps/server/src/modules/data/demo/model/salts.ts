/**
 * One salt per random field of the model, XORed into the seed. They live in one table so that it is
 * easy to see that no two fields share a salt: two fields with the same salt would draw the same
 * numbers and mirror each other (rain exactly where the pollution peaks, say). The values are part of
 * the demo's data: changing one changes every generated hour that reads that field.
 */
export const SALT = {
  front: 0x1f0_7001,
  temperature: 0x7e3_0002,
  rain: 0x4a1_0003,
  rainFine: 0x4a1_0004,
  cloud: 0xc10_0005,
  pm: 0x9e2_0006,
  wind: 0x3d1_0007,
  windDirection: 0x3d1_0008,
  pressure: 0x9a5_0009,
  outage: 0x0ff_000a,
  fault: 0x0ff_000b,
  station: 0x57a_000c,
} as const;
