/** Why a code is sent; a code is valid only for the purpose it was sent for. */
export type SmsPurpose = 'register' | 'reset';

export interface SmsMessage {
  phone: string;
  purpose: SmsPurpose;
  code: string;
  /** How long the code is valid, for the text ("5 分钟内有效"). */
  validMinutes: number;
}

/** Where SMS codes go. Implementations throw when the message was not accepted. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}
