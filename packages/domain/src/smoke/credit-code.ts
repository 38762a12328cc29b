/**
 * The unified social credit code (统一社会信用代码) of GB 32100-2015: 18 characters from a 31-symbol
 * alphabet (digits and capitals without I, O, Z, S, V): registering authority (1), organisation type
 * (1), administrative division (6, GB/T 2260), organisation code (9) and a check character computed
 * modulo 31 over the first 17 with the weights 3^i mod 31.
 */
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

/** The check character of the first 17 characters, or null when one is outside the alphabet. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = ALPHABET.indexOf(first17.charAt(i));
    if (value < 0) return null;
    sum += value * (WEIGHTS[i] ?? 0);
  }
  return ALPHABET.charAt((31 - (sum % 31)) % 31);
}

export type CreditCodeProblem = 'length' | 'charset' | 'division' | 'check';

/** Why a code is not a valid unified social credit code (null: it is). Lower case is not accepted. */
export function creditCodeProblem(code: string): CreditCodeProblem | null {
  if (code.length !== 18) return 'length';
  for (const ch of code) if (!ALPHABET.includes(ch)) return 'charset';
  if (!/^\d{6}$/.test(code.slice(2, 8))) return 'division';
  return creditCodeCheckChar(code.slice(0, 17)) === code.charAt(17) ? null : 'check';
}

export const CREDIT_CODE_MESSAGES: Record<CreditCodeProblem, string> = {
  length: '统一社会信用代码应为 18 位',
  charset: '统一社会信用代码只能含数字和大写字母（不含 I、O、Z、S、V）',
  division: '统一社会信用代码第 3–8 位应为行政区划代码',
  check: '统一社会信用代码校验位不正确（GB 32100-2015）',
};
