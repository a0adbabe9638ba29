import { Controller, Get, Module, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { AppError, LIVE_RETRY_MS, LiveEventNames, type CallerContext } from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { Caller, type PortalRequest } from '../http/caller';
import { LiveFeed } from './live-feed';
import { LIVE_LIMITS, LiveStreams } from './live-streams';

/** The end of the bearer token the session guard has just verified (ms since the epoch). */
function tokenEnd(request: PortalRequest): number {
  const token = String(request.headers.authorization ?? '').slice('Bearer '.length);
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    if (typeof claims.exp === 'number') return claims.exp * 1000;
  } catch {
    // Verified already: a token without an expiry would not have passed.
  }
  throw new AppError('tokenDismiss', 'token without expiry');
}

/**
 * Live screens (issue 35 item 4): one server-sent events stream per tab. The browser reads it with
 * fetch, not EventSource, so that it is authenticated with the bearer token like every API call
 * (an EventSource sends no header: the token would have to travel in the URL, into proxies' logs).
 */
@ApiTags('live')
@ApiBearerAuth()
@Controller('live')
export class LiveController {
  constructor(private readonly streams: LiveStreams) {}

  @Get()
  @ApiProduces('text/event-stream')
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'The id of the last event received: the stream resumes after it' })
  @ApiOperation({
    summary: `Server-sent events of the caller's scope: ${Object.values(LiveEventNames).join(', ')} (libs/contracts live.ts); \`retry: ${LIVE_RETRY_MS}\`, a comment every ${LIVE_LIMITS.heartbeatMs / 1000} s; ends with the session; 429 tooManyRequests past ${LIVE_LIMITS.perUser} streams of a user or ${LIVE_LIMITS.perGateway} on a gateway`,
  })
  open(@Caller() ctx: CallerContext, @Req() request: PortalRequest, @Res() reply: FastifyReply): void {
    const lastEventId = request.headers['last-event-id'];
    let stream;
    try {
      stream = this.streams.start(ctx, tokenEnd(request), Array.isArray(lastEventId) ? lastEventId[0] : lastEventId);
    } catch (error) {
      if (error instanceof AppError && error.status === 429) reply.header('Retry-After', String(error.params?.seconds ?? 30));
      throw error;
    }
    // The reader left: the stream goes (and with it its place in the limits).
    reply.raw.on('close', () => stream.destroy());
    void reply
      .header('Content-Type', 'text/event-stream; charset=utf-8')
      // Proxies (nginx) must pass each event on at once.
      .header('X-Accel-Buffering', 'no')
      .send(stream);
  }
}

/** The live screens' stream and what feeds it. */
@Module({ controllers: [LiveController], providers: [LiveFeed, LiveStreams] })
export class LiveHttpModule {}
