import type { Generated } from 'kysely';

/** The raw packets the gateway accepted, kept HJ212_RAW_RETENTION_DAYS for audit and replay. */
export interface Hj212PacketsTable {
  id: Generated<number>;
  received_at: number;
  mn: string;
  cn: string;
  qn: string | null;
  /** Where it came from: `tcp:<ip>:<port>` or `http:<ip>`. */
  peer: string;
  /** The data segment as received (without ##, length, CRC and CRLF). */
  raw: string;
}

/** MNs the gateway heard from that nobody registered: the console lists them for adoption. */
export interface GatewayUnregisteredTable {
  mn: string;
  first_seen: number;
  last_seen: number;
  packets: number;
  last_ip: string;
  last_cn: string | null;
  st: string | null;
  /** JSON array of the factor codes seen in its packets. */
  factors_json: string;
}

export interface GatewayTables {
  hj212_packets: Hj212PacketsTable;
  gateway_unregistered: GatewayUnregisteredTable;
}
