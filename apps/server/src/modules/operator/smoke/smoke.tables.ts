import type { Generated } from 'kysely';

/**
 * The enterprise register (spec §7 /enterprise/manager/*): restaurants and other kitchens whose
 * cooking fume is monitored. `site_id` links an enterprise to its site in the device registry; the
 * site's S01 logger is its monitor (fume, fan and purifier currents from the same logger).
 */
export interface EnterprisesTable {
  id: Generated<number>;
  name: string;
  /** GB 32100-2015 unified social credit code, unique. */
  credit_code: string;
  /** 'restaurant' | 'canteen' | 'food' | 'other'. */
  trade_type: string;
  cuisine: string;
  /** Cooking ranges (基准灶头数): the GB 18483 scale follows from it. */
  ranges: number;
  /** Removal efficiency of the installed purifier (%), as registered. */
  purifier_efficiency: number | null;
  address: string;
  area_code: string;
  lon: number;
  lat: number;
  contact: string;
  phone: string;
  /** 'open' | 'suspended' | 'closed'. */
  operate_status: string;
  site_id: number | null;
  enabled: number;
  created_at: number;
  updated_at: number;
}

export interface SmokeTables {
  enterprises: EnterprisesTable;
}
