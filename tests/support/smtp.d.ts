export interface ReceivedMail {
  to: string[];
  subject: string;
  raw: string;
  text: string;
  at: number;
}
export interface TestSmtp {
  url: string;
  port: number;
  mails: ReceivedMail[];
  waitForMail(address: string, predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}
export function startSmtp(): Promise<TestSmtp>;
export function mailText(raw: string): string;
export function waitForMail(
  mails: ReceivedMail[],
  to: string,
  options?: { since?: number; match?: (mail: ReceivedMail) => boolean; timeoutMs?: number },
): Promise<ReceivedMail>;
