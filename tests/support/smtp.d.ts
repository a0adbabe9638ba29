export interface ReceivedMail {
  to: string[];
  raw: string;
  text: string;
  at: number;
}
export function startSmtp(options?: { dir?: string }): Promise<{ url: string; mails: ReceivedMail[]; close(): Promise<void> }>;
export function decodeBody(raw: string): string;
export function waitForMail(
  source: unknown[] | string,
  to: string,
  options?: { since?: number; timeoutMs?: number },
): Promise<ReceivedMail>;
