import { Body, Controller, Delete, Get, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient, TrackingWordsCache } from '@portal/bus';
import {
  AppError,
  FIELD_ERRORS,
  parseBody,
  Role,
  trackingWordInput,
  trackingWordKey,
  TrackingTranslationSubjects as S,
  type CallerContext,
  type TrackingTranslationDto,
} from '@portal/contracts';
import { Caller } from '../http/caller';
import { object, type Json } from '../admin-reference/admin-reference.dto';

type WordAnswer = Omit<TrackingTranslationDto, 'text'> & { text: string | null };

/**
 * The provider's words for statuses and carrier events (issue 36 item 6): the overrides for every
 * signed-in user (the web lays them over its catalogue), changed by ADMIN_TRACKING_TRANSLATION.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller()
export class TrackingTranslationsController {
  constructor(
    private readonly bus: BusClient,
    private readonly cache: TrackingWordsCache,
  ) {}

  @Get('tracking-translations')
  @ApiOperation({ summary: 'The provider’s overrides of status and carrier-event words: [{ kind, code, locale, text }]' })
  list(@Caller() ctx: CallerContext) {
    // Small, read once at each start of the web app (the API's answers are never stored: a change shows on the next load).
    return this.bus.request<TrackingTranslationDto[]>(S.list, ctx, {});
  }

  @Roles(Role.ADMIN_TRACKING_TRANSLATION)
  @Put('admin/tracking-translations/:kind/:code/:locale')
  @ApiOperation({ summary: 'Sets the word of a status or carrier event in one language: { text } (≤ 120; empty: back to the catalogue)' })
  async set(
    @Caller() ctx: CallerContext,
    @Param('kind') kind: string,
    @Param('code') code: string,
    @Param('locale') locale: string,
    @Body() body: Json,
  ) {
    // A form's body is an object: anything else is refused, never read as an empty word.
    if (object(body) !== body) throw new AppError('validationFailed', 'invalid input', undefined, { body: FIELD_ERRORS.invalidFormat });
    const data = { ...body, kind, code, locale };
    parseBody(trackingWordKey, data);
    parseBody(trackingWordInput, data);
    const answer = await this.bus.request<WordAnswer>(S.set, ctx, data);
    this.cache.drop();
    return answer;
  }

  @Roles(Role.ADMIN_TRACKING_TRANSLATION)
  @Delete('admin/tracking-translations/:kind/:code/:locale')
  @ApiOperation({ summary: 'Removes the override: the catalogue’s word shows again' })
  async remove(@Caller() ctx: CallerContext, @Param('kind') kind: string, @Param('code') code: string, @Param('locale') locale: string) {
    const data = { kind, code, locale };
    parseBody(trackingWordKey, data);
    const answer = await this.bus.request<WordAnswer>(S.remove, ctx, data);
    this.cache.drop();
    return answer;
  }
}
