import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Trim } from '../common/validate';

/** Settings > problem report (spec §2): what went wrong, in the user's words. */
export class ProblemReportCommand {
  @Trim()
  @IsNotEmpty()
  @IsString()
  @MaxLength(255)
  subject!: string;

  @Trim()
  @IsNotEmpty()
  @IsString()
  @MaxLength(10000)
  message!: string;
}

/** Where problem reports go: `SUPPORT_EMAIL`, else the portal's support mailbox. */
export const SUPPORT_MAILBOX = Symbol('SUPPORT_MAILBOX');
export const DEFAULT_SUPPORT_EMAIL = 'support@portal.localhost';
