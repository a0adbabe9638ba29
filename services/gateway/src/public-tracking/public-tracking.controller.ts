import {
  Catch,
  Controller,
  Get,
  Param,
  Req,
  RequestMethod,
  Res,
  StreamableFile,
  UseFilters,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@portal/auth';
import { SHED_RETRY_AFTER_SECONDS, toAppError } from '@portal/bus';
import { type CallerContext } from '@portal/contracts';
import { FileStorage } from '@portal/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Caller } from '../http/caller';
import { RateLimit } from '../http/rate-limit';
import { pageLanguage, type PageLanguage } from './language';
import { messagePage, trackingPage } from './page';
import { PublicTrackingReader } from './public-tracking.service';

/**
 * The page's routes, outside the API prefix (bootstrap excludes them). One wildcard takes every path
 * under /suivi: a token of any length or content reaches the handler (a `:token` parameter past the
 * router's 100 characters would fall through to the web app), and answers like an unknown one.
 */
export const PUBLIC_TRACKING_ROUTES = [
  { path: 'suivi', method: RequestMethod.GET },
  { path: 'suivi/{*rest}', method: RequestMethod.GET },
];

const LOGO = '/logo';

const languageOf = (request: FastifyRequest): PageLanguage =>
  pageLanguage((request.query as Record<string, unknown> | undefined)?.lang, request.headers['accept-language']);

/**
 * Server-rendered HTML headers: never stored (a revoked link must stop showing), one answer per
 * language, not indexed. The gateway's security headers (CSP, no framing, same-origin referrer:
 * the token never leaves with a click on the carrier's link) are added on every answer.
 */
function sendHtml(reply: FastifyReply, status: number, language: PageLanguage, html: string): string {
  reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Content-Language', language.lang)
    .header('Cache-Control', 'no-store')
    .header('Vary', 'Accept-Language')
    .header('X-Robots-Tag', 'noindex, nofollow');
  return html;
}

/**
 * Anything that stops the page answers an HTML page in the recipient's language: the rate limit
 * (429, its Retry-After already written by the guard), anything else as unavailable (503 with
 * Retry-After, as the API's filter says it: a service away or shedding).
 */
@Catch()
export class PublicTrackingErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const language = languageOf(http.getRequest<FastifyRequest>());
    const error = toAppError(exception);
    if (error.status === 429) {
      void reply.send(sendHtml(reply, 429, language, messagePage('tooMany', language, { seconds: Number(error.params?.seconds ?? 60) })));
      return;
    }
    const seconds = Number(error.params?.retryAfter);
    reply.header('Retry-After', String(Number.isInteger(seconds) && seconds > 0 ? seconds : SHED_RETRY_AFTER_SECONDS));
    void reply.send(sendHtml(reply, 503, language, messagePage('unavailable', language)));
  }
}

/**
 * The recipient's public tracking page (issue 35 item 3): `/suivi/<token>`, no login, no script.
 * Rate-limited per client address (bucket `publicTracking`, Retry-After); an unknown, revoked or
 * malformed token answers the same 404 page, byte for byte.
 */
@ApiExcludeController()
@Public()
@UseFilters(PublicTrackingErrorFilter)
@Controller('suivi')
export class PublicTrackingController {
  constructor(
    private readonly reader: PublicTrackingReader,
    private readonly files: FileStorage,
  ) {}

  /** `/suivi` without a token. */
  @RateLimit('publicTracking')
  @Get()
  none(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): string {
    return notFound(req, reply);
  }

  /** `/suivi/<token>` (the page) and `/suivi/<token>/logo` (the depositor's logo). */
  @RateLimit('publicTracking')
  @Get('*')
  async page(
    @Caller() ctx: CallerContext,
    @Param('*') path: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | StreamableFile> {
    if (path.endsWith(LOGO)) return this.logo(ctx, path.slice(0, -LOGO.length), req, reply);
    const language = languageOf(req);
    const view = await this.reader.view(ctx, path);
    return view ? sendHtml(reply, 200, language, trackingPage(view, language)) : notFound(req, reply);
  }

  private async logo(ctx: CallerContext, token: string, req: FastifyRequest, reply: FastifyReply): Promise<StreamableFile | string> {
    const logo = await this.reader.logo(ctx, token);
    if (!logo) return notFound(req, reply);
    // The page names the logo's version in its address: a new logo is a new address.
    reply.header('Cache-Control', 'private, max-age=86400');
    return new StreamableFile(this.files.stream(logo.key), { type: 'image/png' });
  }
}

/** The one answer of every path that names no visible order: unknown, revoked, malformed. */
function notFound(req: FastifyRequest, reply: FastifyReply): string {
  const language = languageOf(req);
  return sendHtml(reply, 404, language, messagePage('notFound', language));
}
